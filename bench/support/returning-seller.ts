// A bench seller as a seller who has used the app before: the app records the language on the
// account (for the auth mails) at sign-up and on the profile (for server-made words) at the
// first signed-in screen. A seller made through the admin API has neither, so without this
// every measured visit would also save both, and the account update re-renders every signed-in
// component: work a returning seller's screen never does.
import { serviceClientOf, type SeedStack } from '../../tests/e2e/projects/seed.ts';

export async function recordLanguage(stack: SeedStack, userId: string, language: 'en' | 'el' = 'en') {
  const admin = serviceClientOf(stack);
  const { data, error } = await admin.auth.admin.getUserById(userId);
  if (error || !data.user) throw new Error(`read user: ${error?.message}`);
  const updated = await admin.auth.admin.updateUserById(userId, {
    user_metadata: { ...data.user.user_metadata, language },
  });
  if (updated.error) throw new Error(`record the account's language: ${updated.error.message}`);
  const profile = await admin.from('profiles').update({ language }).eq('id', userId);
  if (profile.error) throw new Error(`record the profile's language: ${profile.error.message}`);
}

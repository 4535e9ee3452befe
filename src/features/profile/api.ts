// The user's profile row (full name, phone number, the language server-made words use) and
// the updates settings makes.
import { queryOptions } from '@tanstack/react-query';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import type { Tables } from '../../lib/database.types.ts';
import type { Locale } from '../../lib/i18n.ts';

export type Profile = Pick<Tables<'profiles'>, 'id' | 'full_name' | 'phone_number' | 'language'>;

export const profileKeys = {
  all: ['profile'] as const,
  detail: (userId: string) => [...profileKeys.all, userId] as const,
};

export async function fetchProfile(client: AppSupabaseClient, userId: string): Promise<Profile | null> {
  const { data, error } = await client
    .from('profiles')
    .select('id, full_name, phone_number, language')
    .eq('id', userId)
    .maybeSingle();
  if (error) throw error;
  return data as Profile | null;
}

export const profileQueryOptions = (client: AppSupabaseClient, userId: string) =>
  queryOptions({ queryKey: profileKeys.detail(userId), queryFn: () => fetchProfile(client, userId) });

/** Saves the name on the profile and in the user's metadata (the header reads either). */
export async function updateFullName(client: AppSupabaseClient, userId: string, fullName: string) {
  const name = fullName.trim();
  const { error } = await client
    .from('profiles')
    .upsert({ id: userId, full_name: name, updated_at: new Date().toISOString() });
  if (error) throw error;
  const { error: authError } = await client.auth.updateUser({ data: { full_name: name } });
  if (authError) throw authError;
}

export async function updatePhoneNumber(client: AppSupabaseClient, userId: string, phone: string) {
  const { error } = await client
    .from('profiles')
    .update({ phone_number: phone.trim(), updated_at: new Date().toISOString() })
    .eq('id', userId);
  if (error) throw error;
}

/** The language the server words things in for this seller (a default project name). */
export async function updateLanguage(client: AppSupabaseClient, userId: string, language: Locale) {
  const { error } = await client.from('profiles').update({ language }).eq('id', userId);
  if (error) throw error;
}

/**
 * The language of the mails Supabase Auth sends (confirmation, recovery, magic link, e-mail
 * change): its templates read the user's metadata `language` ({{ .Data.language }}).
 */
export async function updateMailLanguage(client: AppSupabaseClient, language: Locale) {
  const { error } = await client.auth.updateUser({ data: { language } });
  if (error) throw error;
}

export async function changePassword(client: AppSupabaseClient, password: string) {
  const { error } = await client.auth.updateUser({ password });
  if (error) throw error;
}

// The server words some things itself (a project left unnamed is named 'Untitled Project' or
// 'Έργο χωρίς τίτλο'), so it keeps the language the seller uses: saved on the profile when a
// signed-in screen shows in a language other than the saved one. A request that names its
// language (start_generation) needs no profile; this keeps the others in step. A failed save
// is tried again at the next screen; nothing the seller asked for depends on it. The same
// language goes to the account's metadata, where the auth mails' templates read it (a
// recovery mail asked for while signed out then comes in the language last used).
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isLocale } from '../../../lib/i18n.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { type Profile, profileKeys, updateLanguage, updateMailLanguage } from '../api.ts';
import { useProfile } from './use-profile.ts';

export function useRememberLanguage() {
  const { i18n } = useLingui();
  const user = useUser();
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  const { data: profile, isSuccess } = useProfile();
  const locale = i18n.locale;
  const saved = profile?.language ?? null;

  useEffect(() => {
    if (!isSuccess || !profile || !isLocale(locale) || saved === locale) return;
    updateLanguage(supabase, user.id, locale).then(
      () =>
        queryClient.setQueryData<Profile | null>(profileKeys.detail(user.id), (p) =>
          p ? { ...p, language: locale } : p,
        ),
      (error: unknown) => console.warn('Could not save the language on the profile', error),
    );
  }, [isSuccess, profile, locale, saved, supabase, user.id, queryClient]);

  const mailLanguage = user.user_metadata?.language;
  useEffect(() => {
    if (!isLocale(locale) || mailLanguage === locale) return;
    updateMailLanguage(supabase, locale).catch((error: unknown) =>
      console.warn('Could not save the mail language on the account', error),
    );
  }, [locale, mailLanguage, supabase]);
}

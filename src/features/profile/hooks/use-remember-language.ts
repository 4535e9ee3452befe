// The server words some things itself (a project left unnamed is named 'Untitled Project' or
// 'Έργο χωρίς τίτλο'), so it keeps the language the seller uses: saved on the profile when a
// signed-in screen shows in a language other than the saved one. A request that names its
// language (start_generation) needs no profile; this keeps the others in step. A failed save
// is tried again at the next screen; nothing the seller asked for depends on it.
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isLocale } from '../../../lib/i18n.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { type Profile, profileKeys, updateLanguage } from '../api.ts';
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
}

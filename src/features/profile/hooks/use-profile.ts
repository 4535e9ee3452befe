import { msg } from '@lingui/core/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { profileKeys, profileQueryOptions, updateFullName, updatePhoneNumber, type Profile } from '../api.ts';

export function useProfile() {
  const user = useUser();
  return useQuery(profileQueryOptions(useSupabase(), user.id));
}

/** Saves the full name; the settings form shows errorText beside it. */
export function useUpdateName() {
  const user = useUser();
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useAppMutation({
    mutationFn: (name: string) => updateFullName(supabase, user.id, name),
    errorMessage: msg`Failed to update name. Please try again.`,
    errorDisplay: 'inline',
    onSuccess: (_v, name) =>
      queryClient.setQueryData<Profile | null>(profileKeys.detail(user.id), (p) => ({
        id: user.id,
        phone_number: p?.phone_number ?? null,
        language: p?.language ?? null,
        full_name: name.trim(),
      })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.detail(user.id) }),
  });
}

export function useUpdatePhone() {
  const user = useUser();
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useAppMutation({
    mutationFn: (phone: string) => updatePhoneNumber(supabase, user.id, phone),
    errorMessage: msg`Failed to update phone number. Please try again.`,
    errorDisplay: 'inline',
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.detail(user.id) }),
  });
}

/** The name to greet and show: the profile's, the metadata's, or the e-mail's local part. */
export function useDisplayName(): string {
  const user = useUser();
  const { data: profile } = useProfile();
  const name = profile?.full_name?.trim() || (user.user_metadata?.full_name as string | undefined)?.trim();
  return name || (user.email ?? '').split('@')[0];
}

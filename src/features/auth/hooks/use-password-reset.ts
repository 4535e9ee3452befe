// A forgotten password: the reset link asked for, then the new password set from the link
// (which ends the recovery session: the seller signs in with the new password).
import { type MutationCallbacks, useAppMutation } from '../../../lib/errors/index.ts';
import { useSupabaseAuth } from '../../../lib/use-supabase-auth.ts';
import { requestPasswordReset, signOut, updatePassword } from '../api.ts';
import { authMessages } from '../messages.ts';
import { useAuthStore } from '../use-auth.ts';

export function useRequestPasswordReset() {
  const authClient = useSupabaseAuth();
  return useAppMutation({
    mutationFn: (to: string) => requestPasswordReset(authClient, to, window.location.origin),
    errorMessage: authMessages.resetLinkFailed,
    errorDisplay: 'inline',
  });
}

export function useResetPassword(callbacks: MutationCallbacks<void, string> = {}) {
  const authClient = useSupabaseAuth();
  const auth = useAuthStore();
  return useAppMutation({
    mutationFn: async (next: string) => {
      await updatePassword(authClient, next);
      auth.endRecovery();
      await signOut(authClient);
    },
    errorMessage: authMessages.resetFailed,
    errorDisplay: 'inline',
    ...callbacks,
  });
}

// Signing in: the session is kept (or only for this tab, without "Remember me"), then the
// seller goes where they were headed.
import { useNavigate } from '@tanstack/react-router';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { localSettings } from '../../../lib/local-settings.ts';
import { useSupabaseAuth } from '../../../lib/use-supabase-auth.ts';
import { signIn } from '../api.ts';
import { safeRedirect } from '../guards.ts';
import { authMessages } from '../messages.ts';

export function useSignIn(redirectTo?: string) {
  const navigate = useNavigate();
  const authClient = useSupabaseAuth();
  return useAppMutation({
    mutationFn: async (input: { email: string; password: string; remember: boolean }) => {
      localSettings.setRememberMe(input.remember);
      await signIn(authClient, input.email, input.password);
      await navigate({ href: safeRedirect(redirectTo) ?? '/home', replace: true });
    },
    errorMessage: authMessages.loginFailed,
    errorDisplay: 'inline',
  });
}

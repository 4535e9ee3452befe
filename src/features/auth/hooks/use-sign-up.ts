// Creating an account, then the sign-in screen with the "check your mail" message.
import { useNavigate } from '@tanstack/react-router';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { supabase } from '../../../lib/supabase.ts';
import { signUp } from '../api.ts';
import { authMessages } from '../messages.ts';
import type { SignUpInput } from '../validation.ts';

export function useSignUp() {
  const navigate = useNavigate();
  return useAppMutation({
    mutationFn: async (input: SignUpInput) => {
      await signUp(supabase, input, window.location.origin);
      await navigate({ to: '/login', state: { flash: 'signUpSuccess' } });
    },
    errorMessage: authMessages.createUserFailed,
    errorDisplay: 'inline',
  });
}

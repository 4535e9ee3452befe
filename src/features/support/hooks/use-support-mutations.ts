// The support feature's writes: feedback and contact requests (stored, then posted to the
// team's webhook by send-notice). Each with its default failure words; nothing cached changes.
import { msg } from '@lingui/core/macro';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { submitContactRequest, submitFeedback } from '../api.ts';
import type { ContactInput } from '../validation.ts';

export function useSendFeedback() {
  const supabase = useSupabase();
  return useAppMutation({
    mutationFn: (feedback: string) => submitFeedback(supabase, feedback),
    errorMessage: msg`Failed to send feedback. Please try again.`,
    errorDisplay: 'inline',
  });
}

export function useSendContactRequest() {
  const supabase = useSupabase();
  return useAppMutation({
    mutationFn: (input: ContactInput) => submitContactRequest(supabase, input),
    errorMessage: msg`Failed to submit request. Please try again.`,
    errorDisplay: 'inline',
  });
}

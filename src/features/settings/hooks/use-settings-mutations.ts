// The settings screen's writes, each with its default failure words. The password lives in
// auth; a cancellation and the billing portal go through Stripe, whose answer comes back as the
// subscription row (realtime), so nothing cached is invalidated here.
import { msg } from '@lingui/core/macro';
import { type MutationCallbacks, useAppMutation } from '../../../lib/errors/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { changePassword } from '../../profile/index.ts';
import { openBillingPortal, requestCancellation } from '../api.ts';

export function useChangePassword(callbacks: MutationCallbacks<void, string> = {}) {
  const supabase = useSupabase();
  return useAppMutation({
    mutationFn: (next: string) => changePassword(supabase, next),
    errorMessage: msg`Failed to update password. Please try again.`,
    errorDisplay: 'inline',
    ...callbacks,
  });
}

export function useCancelSubscription(callbacks: MutationCallbacks<void, void> = {}) {
  const supabase = useSupabase();
  return useAppMutation({
    mutationFn: () => requestCancellation(supabase),
    errorMessage: msg`Failed to cancel subscription. Please try again.`,
    errorDisplay: 'inline',
    ...callbacks,
  });
}

/** Opens Stripe's billing portal; it comes back to the billing tab. */
export function useOpenBillingPortal() {
  const supabase = useSupabase();
  return useAppMutation({
    mutationFn: () => openBillingPortal(supabase, `${window.location.origin}/settings?tab=billing`),
    errorMessage: msg`Failed to open Stripe portal. Please try again.`,
    errorDisplay: 'inline',
  });
}

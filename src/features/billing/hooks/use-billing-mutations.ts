// The paying screens' writes, each with its exact invalidation and default failure words.
// Checkouts leave for Stripe (nothing to invalidate); a plan change is read back as the
// subscription row; a refused credit-pack price has the quotes read again.
import { msg } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { AppError, type MutationCallbacks, useAppMutation } from '../../../lib/errors/index.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { type Plan, subscriptionKeys } from '../../subscription/index.ts';
import {
  billingKeys,
  changePlan,
  type SalesRequest,
  startCreditCheckout,
  startPlanCheckout,
  submitSalesRequest,
} from '../api.ts';
import { TIERS, type Tier } from '../plan-rules.ts';

type PaidPlan = Exclude<Plan, 'free'>;

/** Stripe Checkout for a plan tier (enterprise is a sales request, never a checkout). */
export function usePlanCheckout() {
  const supabase = useSupabase();
  return useAppMutation({
    mutationFn: (tier: Tier) => {
      if (!(TIERS as readonly string[]).includes(tier) || tier === 'enterprise')
        return Promise.reject(
          new AppError(msg`Invalid pricing tier selected`, 'Invalid pricing tier selected', {
            code: 'invalid_tier',
          }),
        );
      return startPlanCheckout(supabase, tier, currentLocale());
    },
    errorMessage: msg`An unexpected error occurred. Please try again later.`,
    errorDisplay: 'inline',
  });
}

/** Schedules a downgrade for the renewal, or keeps the current plan (takes a scheduled one back). */
export function useChangePlan(
  opts: { errorDisplay?: 'toast' | 'inline' } & MutationCallbacks<void, PaidPlan> = {},
) {
  const supabase = useSupabase();
  const user = useUser();
  const queryClient = useQueryClient();
  const { errorDisplay = 'toast', onSuccess, ...callbacks } = opts;
  return useAppMutation({
    mutationFn: (plan: PaidPlan) => changePlan(supabase, plan),
    errorMessage: msg`Failed to change your plan. Please try again.`,
    errorDisplay,
    ...callbacks,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(user.id) });
      return onSuccess?.(...args);
    },
  });
}

/** Stripe Checkout for a credit pack at the quoted amount. */
export function useBuyCredits() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useAppMutation({
    mutationFn: (q: { credits: number; amount_cents: number }) =>
      startCreditCheckout(supabase, q, currentLocale()),
    errorMessage: msg`Error purchasing credits. Please try again.`,
    // a refused price (the plan changed meanwhile) is read again
    onError: () => void queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

export function useSalesRequest() {
  const supabase = useSupabase();
  return useAppMutation({
    mutationFn: (input: SalesRequest) => submitSalesRequest(supabase, input),
    errorMessage: msg`An error occurred while submitting the form. Please try again.`,
    errorDisplay: 'inline',
  });
}

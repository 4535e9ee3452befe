// Paying, from the app's side. The browser asks; the server prices and decides:
// stripe-checkout (a plan), create-credit-checkout (a credit pack, at credit_pack_quote's
// amount), change-plan (a downgrade for the next renewal), billing-portal (settings), and the
// reads for /pricing, /success and /history.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { AppError, functionError, isNetworkError } from '../../lib/errors/index.ts';
import type { Locale } from '../../lib/i18n.ts';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import type { Plan } from '../subscription/index.ts';
import { fetchHistory } from './history-fetch.ts';

export { fetchHistory, HISTORY_LIMIT } from './history-fetch.ts';

export const billingKeys = {
  all: ['billing'] as const,
  quote: (plan: string, credits: number) => [...billingKeys.all, 'quote', plan, credits] as const,
  checkout: (userId: string, sessionId: string) =>
    [...billingKeys.all, 'checkout', userId, sessionId] as const,
  history: (userId: string) => [...billingKeys.all, 'history', userId] as const,
};

export interface CreditQuote {
  credits: number;
  plan: string;
  unit_price: number;
  discount_percent: number;
  amount_cents: number;
  currency: string;
  purchasable: boolean;
  contact_sales: boolean;
}

export async function fetchCreditQuote(
  client: AppSupabaseClient,
  credits: number,
  plan: string,
): Promise<CreditQuote> {
  const { data, error } = await client.rpc('credit_pack_quote', { credits, plan });
  if (error) throw error;
  const q = data as Record<string, unknown>;
  return {
    credits: Number(q.credits),
    plan: String(q.plan),
    unit_price: Number(q.unit_price),
    discount_percent: Number(q.discount_percent),
    amount_cents: Number(q.amount_cents),
    currency: String(q.currency),
    purchasable: q.purchasable === true,
    contact_sales: q.contact_sales === true,
  };
}

/** The server's price of a pack for a plan; the previous price stays while the next is read. */
export const creditQuoteQueryOptions = (client: AppSupabaseClient, plan: string, credits: number) =>
  queryOptions({
    queryKey: billingKeys.quote(plan, credits),
    queryFn: () => fetchCreditQuote(client, credits, plan),
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });

const origin = () => window.location.origin;

/**
 * One id per press that creates or changes something at Stripe: the server derives Stripe's
 * Idempotency-Key from it, so the function re-invoked with this body opens no second session.
 */
const newRequestId = () => crypto.randomUUID();

function checkoutUrl(data: { url?: unknown } | null): string {
  if (typeof data?.url !== 'string' || !data.url) {
    throw new AppError(msg`No checkout URL received`, 'No checkout URL received', {
      code: 'no_checkout_url',
    });
  }
  return data.url;
}

/**
 * Opens Stripe Checkout made by one of the paying functions, coming back to /success or /pricing.
 * A failure keeps the function's own words (its code) or the network's; any other answer (no
 * words of the function's: a gateway's error page, a relay error) says `unexpected` when given.
 */
async function openCheckout(
  client: AppSupabaseClient,
  fn: 'stripe-checkout' | 'create-credit-checkout',
  body: Record<string, unknown>,
  locale: Locale,
  unexpected?: MessageDescriptor,
): Promise<void> {
  const { data, error } = await client.functions.invoke<{ url?: string }>(fn, {
    body: {
      request_id: newRequestId(),
      ...body,
      success_url: `${origin()}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin()}/pricing`,
      locale,
    },
  });
  if (error) {
    const failure = await functionError(error);
    if (!unexpected || (failure instanceof AppError && failure.descriptor) || isNetworkError(failure))
      throw failure;
    throw new AppError(unexpected, String(unexpected.message ?? ''), { cause: error });
  }
  window.location.assign(checkoutUrl(data));
}

/** Opens Stripe Checkout for a plan (mode 'subscription'); the server picks the price. */
export const startPlanCheckout = (client: AppSupabaseClient, plan: Exclude<Plan, 'free'>, locale: Locale) =>
  openCheckout(
    client,
    'stripe-checkout',
    { plan, mode: 'subscription', metadata: { plan } },
    locale,
    msg`An unexpected error occurred while creating the checkout session`,
  );

/** Opens Stripe Checkout for a credit pack at the quoted amount (refused if the server's price differs). */
export const startCreditCheckout = (
  client: AppSupabaseClient,
  quote: Pick<CreditQuote, 'credits' | 'amount_cents'>,
  locale: Locale,
) =>
  openCheckout(
    client,
    'create-credit-checkout',
    { credits: quote.credits, amount: quote.amount_cents, currency: 'eur' },
    locale,
  );

/** Schedules a downgrade for the next renewal, or (the current plan) takes it back. */
export async function changePlan(client: AppSupabaseClient, plan: Exclude<Plan, 'free'>): Promise<void> {
  const { error } = await client.functions.invoke('change-plan', {
    body: { request_id: newRequestId(), plan },
  });
  if (error) throw await functionError(error);
}

export interface SalesRequest {
  fullName: string;
  companyName: string;
  email: string;
  phone: string;
  creditAmount: number;
  message: string;
}

/** Stored by submit_sales_request, then posted to the sales webhook by send-notice. */
export async function submitSalesRequest(client: AppSupabaseClient, input: SalesRequest): Promise<void> {
  const { error } = await client.rpc('submit_sales_request', {
    full_name: input.fullName.trim(),
    company_name: input.companyName.trim(),
    email: input.email.trim(),
    phone: input.phone.trim() || undefined,
    credit_amount: input.creditAmount,
    message: input.message.trim() || undefined,
  });
  if (error) throw error;
  void client.functions.invoke('send-notice', { body: {} }).catch(() => undefined);
}

export interface CheckoutResult {
  kind: 'plan' | 'credits' | null;
  status: 'pending' | 'paid' | 'expired' | 'unknown';
  plan?: string;
  previous_plan?: string;
  credits?: number;
  credits_added?: number;
  new_credits?: number;
  amount?: number;
  currency?: string;
  current_period_end?: string;
}

export const checkoutResultQueryOptions = (client: AppSupabaseClient, userId: string, sessionId: string) =>
  queryOptions({
    queryKey: billingKeys.checkout(userId, sessionId),
    queryFn: async (): Promise<CheckoutResult> => {
      const { data, error } = await client.rpc('get_checkout_result', { session_id: sessionId });
      if (error) throw error;
      return data as unknown as CheckoutResult;
    },
  });

export const historyQueryOptions = (client: AppSupabaseClient, userId: string) =>
  queryOptions({ queryKey: billingKeys.history(userId), queryFn: () => fetchHistory(client) });

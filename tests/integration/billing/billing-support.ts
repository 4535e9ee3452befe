// Sellers buying through the functions and the stand-in, and what the database then holds.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { serviceClient } from '../../support/clients.ts';
import { must } from '../../support/domain.ts';
import { CARDS, deliveriesDone, payOnCheckoutPage, stripeSdk } from './stripe-support.ts';

export const APP = 'http://localhost:3000';
export const returnUrls = {
  success_url: `${APP}/success?session_id={CHECKOUT_SESSION_ID}`,
  cancel_url: `${APP}/pricing`,
};

/**
 * The function's answer: data, or {status, code, error} when it refused. Each call is a new
 * seller action (a request_id of its own) unless the body names one.
 */
export async function invoke(client: SupabaseClient, name: string, body: unknown) {
  const withId =
    body && typeof body === 'object' && !('request_id' in body)
      ? { request_id: crypto.randomUUID(), ...body }
      : body;
  const { data, error } = await client.functions.invoke(name, { body: withId as Record<string, unknown> });
  if (error) {
    if (!(error instanceof FunctionsHttpError)) throw error;
    const res = error.context as Response;
    return {
      ok: false as const,
      status: res.status,
      ...((await res.json()) as { code: string; error: string }),
    };
  }
  return { ok: true as const, ...(data as Record<string, unknown>) } as {
    ok: true;
    url: string;
    session_id: string;
  } & Record<string, unknown>;
}

export async function subscriptionOf(userId: string) {
  return must(
    await serviceClient()
      .from('subscriptions')
      .select(
        'plan, status, credits_remaining, plan_credits, purchased_credits, cancel_at_period_end, scheduled_plan, stripe_customer_id, stripe_subscription_id, current_period_start, current_period_end',
      )
      .eq('user_id', userId)
      .single(),
  ) as {
    plan: string;
    status: string;
    credits_remaining: number;
    plan_credits: number;
    purchased_credits: number;
    cancel_at_period_end: boolean;
    scheduled_plan: string | null;
    stripe_customer_id: string | null;
    stripe_subscription_id: string | null;
    current_period_start: string;
    current_period_end: string;
  };
}

/** Balance, its parts, and the ledger's sum (they must agree). */
export async function balanceOf(userId: string) {
  const sub = await subscriptionOf(userId);
  const ledger = must(await serviceClient().from('credit_ledger').select('amount').eq('user_id', userId)) as {
    amount: number;
  }[];
  return {
    remaining: Number(sub.credits_remaining),
    plan: Number(sub.plan_credits),
    purchased: Number(sub.purchased_credits),
    ledgerSum: Math.round(ledger.reduce((s, r) => s + Number(r.amount), 0) * 100) / 100,
  };
}

export async function logsOf(userId: string, types?: string[]) {
  let q = serviceClient()
    .from('webhook_logs')
    .select('event_type, raw_data, created_at, subscription_id')
    .eq('user_id', userId)
    .order('created_at');
  if (types) q = q.in('event_type', types);
  return must(await q) as {
    event_type: string;
    raw_data: Record<string, unknown>;
    subscription_id: string | null;
  }[];
}

/** Buys a plan through stripe-checkout and the checkout page with 4242…, and waits for the webhooks. */
export async function buyPlan(client: SupabaseClient, plan: 'lite' | 'pro' | 'advanced') {
  const out = await invoke(client, 'stripe-checkout', {
    price_id: plan,
    mode: 'subscription',
    metadata: { plan },
    ...returnUrls,
  });
  if (!out.ok) throw new Error(`stripe-checkout refused: ${JSON.stringify(out)}`);
  const paid = await payOnCheckoutPage(out.url, { number: CARDS.visa });
  expect(paid.status).toBe(303);
  await deliveriesDone();
  return out.session_id;
}

/** Buys a credit pack through create-credit-checkout at the quoted amount, and waits for the webhooks. */
export async function buyCredits(client: SupabaseClient, credits: number, card: string = CARDS.visa) {
  const quote = must(await client.rpc('credit_pack_quote', { credits })) as { amount_cents: number };
  const out = await invoke(client, 'create-credit-checkout', {
    credits,
    amount: quote.amount_cents,
    currency: 'eur',
    ...returnUrls,
  });
  if (!out.ok) throw new Error(`create-credit-checkout refused: ${JSON.stringify(out)}`);
  const paid = await payOnCheckoutPage(out.url, { number: card });
  await deliveriesDone();
  return { sessionId: out.session_id, amountCents: quote.amount_cents, paid };
}

export const stripe = stripeSdk();

export async function paymentEventRows(eventId: string) {
  return must(await serviceClient().from('payment_events').select('id, processed_at').eq('id', eventId)) as {
    id: string;
    processed_at: string | null;
  }[];
}

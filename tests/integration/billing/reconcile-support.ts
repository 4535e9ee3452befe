// Tests of the reconciliation with Stripe (stripe-reconcile): the stand-in's dev API for
// losing a webhook delivery and moving a subscription into the past, the seller's row moved
// the same way, and the function's runs.
import { serviceClient } from '../../support/clients.ts';
import { must } from '../../support/domain.ts';
import { stripe } from './billing-support.ts';
import { standInUrl } from './stripe-support.ts';

async function devPost(path: string) {
  const res = await fetch(`${standInUrl()}/dev/${path}`, { method: 'POST' });
  const body = await res.json();
  if (!res.ok) throw new Error(`dev ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const lose = (types: string[]) => `?lose=${encodeURIComponent(types.join(','))}`;

/** Stripe renews the subscription and collects the invoice; the deliveries of `lost` types never go out. */
export const renewLosing = (subId: string, lost: string[]) =>
  devPost(`subscriptions/${subId}/renew${lose(lost)}`);
/** Stripe renews and fails to collect; the deliveries of `lost` types never go out. */
export const failLosing = (subId: string, lost: string[]) =>
  devPost(`subscriptions/${subId}/fail${lose(lost)}`);
/** Stripe ends the subscription now (its retries gave up); the deliveries of `lost` types never go out. */
export const endLosing = (subId: string, lost: string[]) =>
  devPost(`subscriptions/${subId}/cancel${lose(lost)}`);

/**
 * As if the seller had bought `months` months and `seconds` seconds earlier, at Stripe: the
 * stand-in's subscription and invoices (events already sent keep the dates they had). Then
 * what Stripe does next (renew, fail, end) and only then moveRowToStripe, so that a
 * reconciliation run in between (the stack's timer) never sees a row whose period ended
 * while Stripe is not there yet.
 */
export const backdateAtStripe = (subId: string, months: number, seconds: number) =>
  devPost(`subscriptions/${subId}/backdate?months=${months}&seconds=${seconds}`);

/** The seller's row moved to the subscription's first period as Stripe now has it. */
export async function moveRowToStripe(userId: string, subId: string) {
  const invoices = await stripe.invoices.list({ subscription: subId, limit: 100 });
  const first = invoices.data.find((i) => i.billing_reason === 'subscription_create');
  const period = first?.lines.data[0]?.period;
  if (!period) throw new Error(`no first invoice for ${subId}`);
  const start = new Date(period.start * 1000).toISOString();
  const end = new Date(period.end * 1000).toISOString();
  must(
    await serviceClient()
      .from('subscriptions')
      .update({ period_anchor: start, current_period_start: start, current_period_end: end })
      .eq('user_id', userId)
      .select('user_id'),
  );
  return { start, end };
}

export interface ReconcileReport {
  checked: number;
  paid: number;
  ended: number;
  waiting: number;
  errors: string[];
  subscriptions: { subscription_id: string; outcome: string; reason: string | null }[];
}

/** One run of stripe-reconcile as the schedulers call it (service role); `only` checks one subscription now. */
export async function reconcile(only?: string): Promise<ReconcileReport> {
  const { data, error } = await serviceClient().functions.invoke('stripe-reconcile', {
    body: only ? { subscription_id: only } : {},
  });
  if (error) throw error;
  return data as ReconcileReport;
}

export const outcomeOf = (report: ReconcileReport, subId: string) =>
  report.subscriptions.find((s) => s.subscription_id === subId) ?? null;

export async function planGrants(userId: string) {
  return must(
    await serviceClient()
      .from('credit_ledger')
      .select('amount, reference')
      .eq('user_id', userId)
      .eq('reason', 'plan_grant'),
  ) as { amount: number; reference: string }[];
}

export async function monthlyCredits(plan: string): Promise<number> {
  const row = must(await serviceClient().from('plans').select('monthly_credits').eq('id', plan).single()) as {
    monthly_credits: number;
  };
  return Number(row.monthly_credits);
}

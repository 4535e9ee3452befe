// Reconciliation with Stripe (the stripe-reconcile function): what to do with a
// subscription whose period ended without a newer one, given what Stripe says about it now
// (GET /v1/subscriptions/{id}?expand[]=latest_invoice).
//
// Never a second way to grant: the actions are the ones the webhook builds from the events
// Stripe would have delivered (actionForEvent on invoice.paid / customer.subscription.deleted,
// with the objects already read), and they are applied by public.apply_payment_event like
// the webhook's. So a renewal granted here is answered already_applied when the lost webhook
// arrives after all, and the other way round.
import type { Env } from './config.ts';
import { actionForEvent, invoicePlanLine, type PaymentAction, type WebhookDeps } from './webhook-events.ts';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export interface ReconcileConfig {
  /** how long after a period end Stripe's own webhook is waited for (STRIPE_RECONCILE_GRACE_MINUTES, 60) */
  graceSeconds: number;
  /** subscriptions checked per run (STRIPE_RECONCILE_BATCH_SIZE, 20) */
  batchSize: number;
  /** the first wait after a check that found nothing to apply (STRIPE_RECONCILE_BACKOFF_MINUTES, 15), doubled per check */
  backoffSeconds: number;
  /** the longest wait between two checks of one subscription (STRIPE_RECONCILE_BACKOFF_MAX_MINUTES, 720) */
  maxBackoffSeconds: number;
  /** how long a claimed check is reserved for the run that claimed it */
  leaseSeconds: number;
}

function minutes(env: Env, name: string, fallback: number, min: number): number {
  const raw = env(name)?.trim();
  const n = raw ? Number(raw) : Number.NaN;
  return Math.round((Number.isFinite(n) && n >= min ? n : fallback) * 60);
}

export function reconcileConfig(env: Env): ReconcileConfig {
  const batch = Number(env('STRIPE_RECONCILE_BATCH_SIZE')?.trim());
  const backoffSeconds = minutes(env, 'STRIPE_RECONCILE_BACKOFF_MINUTES', 15, 1);
  return {
    graceSeconds: minutes(env, 'STRIPE_RECONCILE_GRACE_MINUTES', 60, 0),
    batchSize: Number.isInteger(batch) && batch > 0 ? Math.min(batch, 100) : 20,
    backoffSeconds,
    maxBackoffSeconds: Math.max(minutes(env, 'STRIPE_RECONCILE_BACKOFF_MAX_MINUTES', 720, 1), backoffSeconds),
    leaseSeconds: 300,
  };
}

/** The wait before the next check, after `attempts` checks of this period: base, 2×, 4× … up to the cap. */
export function retryAfterSeconds(config: ReconcileConfig, attempts: number): number {
  const n = Math.max(1, Math.floor(attempts));
  return Math.min(config.maxBackoffSeconds, config.backoffSeconds * 2 ** Math.min(n - 1, 30));
}

/** A subscription claimed for a check (public.claim_stripe_reconciliation). */
export interface ClaimedSubscription {
  user_id: string;
  subscription_id: string;
  customer_id: string | null;
  plan: string;
  status: string;
  current_period_start: string;
  current_period_end: string;
  attempts: number;
  /** our row says the subscription ends at this period end (a cancellation Stripe may not hold any more) */
  cancel_at_period_end?: boolean;
}

/** One event to apply through apply_payment_event, as the webhook would have. */
export interface ReconcileEvent {
  id: string;
  type: string;
  action: PaymentAction;
  payload: unknown;
}

export interface Decision {
  outcome: 'paid' | 'ended' | 'waiting';
  reason: string;
  events: ReconcileEvent[];
  /** the first newer paid period does not follow the row's: more than one renewal was missed */
  gap: boolean;
  /** what Stripe said, for the log */
  details: {
    status: string | null;
    latest_invoice: string | null;
    invoice_status: string | null;
    invoice_period_start: string | null;
    invoice_period_end: string | null;
  };
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * What Stripe's subscription (with latest_invoice expanded; null when Stripe does not know
 * it) means for the claimed row:
 *   - its latest invoice is paid and pays a period newer than the row's → that period
 *     (the invoice.paid action), outcome 'paid'; when it does not follow the row's period
 *     (`gap`: more than one renewal missed) the caller decides again with the
 *     subscription's paid invoices, and each newer period is applied in order, as the
 *     webhook would have;
 *   - it has ended (canceled, incomplete_expired) → the customer.subscription.deleted action,
 *     after the paid newer periods if there are any, outcome 'ended';
 *   - its payment failing (past_due, unpaid) with the latest invoice not paid, while the row
 *     still says active → the invoice.payment_failed action (the row becomes past_due, as the
 *     lost webhook would have made it), outcome 'waiting': the renewal itself waits for the
 *     invoice to be paid;
 *   - our row cancelling at the period end: see cancellingDecision;
 *   - anything else (the invoice open, paused, the next period not started yet, a price that
 *     is not a plan's, unknown to Stripe) → nothing, 'waiting' with the reason; checked again
 *     after the back-off. A subscription Stripe does not know
 *     is never ended from here: a wrong key or mode must not take a plan away.
 */
export async function reconcileDecision(
  row: ClaimedSubscription,
  subscription: unknown | null,
  config: WebhookDeps['config'],
  /** the subscription's paid invoices (GET /v1/invoices?subscription=…&status=paid), after a gap */
  paidInvoices: unknown[] = [],
): Promise<Decision> {
  const sub = obj(subscription);
  const invoice = obj(sub.latest_invoice);
  const line = invoicePlanLine(invoice);
  const rowStart = new Date(row.current_period_start).getTime();
  const rowEnd = new Date(row.current_period_end).getTime();
  const details: Decision['details'] = {
    status: str(sub.status),
    latest_invoice: str(invoice.id) ?? str(sub.latest_invoice),
    invoice_status: str(invoice.status),
    invoice_period_start: line ? iso(line.start) : null,
    invoice_period_end: line ? iso(line.end) : null,
  };
  if (!subscription || !str(sub.id))
    return { outcome: 'waiting', reason: 'unknown_at_stripe', events: [], gap: false, details };
  const deps: WebhookDeps = {
    config,
    subscription: async () => subscription,
    invoice: async () => (Object.keys(invoice).length > 0 ? invoice : null),
  };
  const newer = line !== null && line.start * 1000 > rowStart;
  let reason = newer ? `invoice_${str(invoice.status) ?? 'unknown'}` : 'not_renewed_yet';
  // the paid invoices for periods after the row's, oldest first
  const paid = new Map<string, { inv: Obj; start: number }>();
  for (const raw of [invoice, ...paidInvoices]) {
    const inv = obj(raw);
    const l = invoicePlanLine(inv);
    const id = str(inv.id);
    if (id && l && inv.status === 'paid' && l.start * 1000 > rowStart) paid.set(id, { inv, start: l.start });
  }
  const ordered = [...paid.values()].sort((a, b) => a.start - b.start);
  const gap = ordered.length > 0 && ordered[0].start * 1000 > rowEnd;
  const events: ReconcileEvent[] = [];
  for (const { inv } of ordered) {
    const id = `reconcile:${inv.id}`;
    const action = await actionForEvent({ id, type: 'invoice.paid', data: { object: inv } }, deps);
    if (action.kind === 'activate_plan')
      events.push({ id, type: 'reconcile.invoice.paid', action, payload: inv });
    else reason = action.kind === 'ignore' ? action.reason : `unexpected_${action.kind}`;
  }
  const status = str(sub.status) ?? 'unknown';
  if (ENDED.has(status)) {
    const id = `reconcile:${sub.id}:ended`;
    const action = await actionForEvent(
      { id, type: 'customer.subscription.deleted', data: { object: sub } },
      deps,
    );
    events.push({
      id,
      type: 'reconcile.customer.subscription.deleted',
      action,
      payload: { ...sub, latest_invoice: details.latest_invoice },
    });
    return { outcome: 'ended', reason: status, events, gap, details };
  }
  if (row.cancel_at_period_end === true) return cancellingDecision(row, sub, events, gap, details, deps);
  if (events.length > 0) return { outcome: 'paid', reason: 'invoice_paid', events, gap, details };
  if (!newer && status !== 'active' && status !== 'trialing') reason = status;
  return {
    outcome: 'waiting',
    reason,
    events: await failedPayment(row, status, invoice, deps),
    gap,
    details,
  };
}

/**
 * Our row is cancelling at the period end and Stripe has not ended the subscription: what
 * Stripe's customer.subscription.updated says about the cancellation now.
 *   - a newer period is paid (Stripe renewed: the seller took the cancellation back, or set it
 *     again later) → the paid periods, then the updated action, in that order: the row ends up
 *     with Stripe's period and Stripe's cancellation, outcome 'paid';
 *   - Stripe still cancels → nothing to apply, outcome 'ended': finish_stripe_reconciliation
 *     ends the period the renewal job's way;
 *   - Stripe no longer cancels (taken back, its webhook lost) → the updated action (the row
 *     renews: its paid invoice is waited for as any renewal's), with the payment_failed one
 *     when Stripe says the payment is failing, outcome 'waiting', reason 'cancellation_withdrawn'.
 */
async function cancellingDecision(
  row: ClaimedSubscription,
  sub: Obj,
  paid: ReconcileEvent[],
  gap: boolean,
  details: Decision['details'],
  deps: WebhookDeps,
): Promise<Decision> {
  const id = `reconcile:${sub.id}:updated:${row.current_period_end}`;
  const action = await actionForEvent(
    { id, type: 'customer.subscription.updated', data: { object: sub } },
    deps,
  );
  const updated: ReconcileEvent = {
    id,
    type: 'reconcile.customer.subscription.updated',
    action,
    payload: { ...sub, latest_invoice: details.latest_invoice },
  };
  if (paid.length > 0)
    return { outcome: 'paid', reason: 'invoice_paid', events: [...paid, updated], gap, details };
  if (action.kind !== 'sync_subscription' || action.cancel_at_period_end)
    return { outcome: 'ended', reason: 'cancel_at_period_end', events: [], gap, details };
  const status = str(sub.status) ?? 'unknown';
  const failed = await failedPayment(row, status, obj(sub.latest_invoice), deps);
  return { outcome: 'waiting', reason: 'cancellation_withdrawn', events: [updated, ...failed], gap, details };
}

const FAILING = new Set(['past_due', 'unpaid']);

/**
 * Stripe says the subscription's payment is failing (past_due, unpaid) while the row still
 * says active: the invoice.payment_failed action built from the latest (unpaid) invoice, as the
 * lost webhook would have applied it (status past_due, the failed attempt logged). Once per
 * invoice and attempt (the event id), and never when the row is past due already.
 */
async function failedPayment(
  row: ClaimedSubscription,
  status: string,
  invoice: Obj,
  deps: WebhookDeps,
): Promise<ReconcileEvent[]> {
  if (!FAILING.has(status) || row.status === 'past_due' || !str(invoice.id) || invoice.status === 'paid')
    return [];
  const attempt = typeof invoice.attempt_count === 'number' ? invoice.attempt_count : 0;
  const id = `reconcile:${invoice.id}:payment_failed:${attempt}`;
  const action = await actionForEvent(
    { id, type: 'invoice.payment_failed', data: { object: invoice } },
    deps,
  );
  if (action.kind !== 'payment_failed') return [];
  return [{ id, type: 'reconcile.invoice.payment_failed', action, payload: invoice }];
}

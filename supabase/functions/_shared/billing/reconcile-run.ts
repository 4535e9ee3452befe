// One reconciliation run: claim the subscriptions due for a check, ask Stripe about each,
// and hand what it says to public.finish_stripe_reconciliation, which applies the events
// through apply_payment_event (the webhook's path), stores when the subscription is checked
// again and logs the outcome. See reconcile.ts for the decision.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { BillingConfig } from './config.ts';
import {
  type ClaimedSubscription,
  type Decision,
  type ReconcileConfig,
  reconcileDecision,
  retryAfterSeconds,
} from './reconcile.ts';

export interface ReconcileRunDeps {
  service: SupabaseClient;
  billing: BillingConfig;
  config: ReconcileConfig;
  /** GET /v1/subscriptions/{id} with latest_invoice expanded; throws Stripe's errors */
  retrieve(id: string): Promise<unknown>;
  /** GET /v1/invoices?subscription={id}&status=paid (asked only when more than one renewal was missed) */
  paidInvoices(subscriptionId: string): Promise<unknown[]>;
  /** check this subscription now (its back-off and the grace time aside) */
  only?: string | null;
}

export interface ReconcileReport {
  checked: number;
  paid: number;
  ended: number;
  waiting: number;
  errors: string[];
  subscriptions: { subscription_id: string; outcome: string; reason: string | null }[];
}

const isMissing = (err: unknown) => (err as { code?: string })?.code === 'resource_missing';

export async function runReconciliation(deps: ReconcileRunDeps): Promise<ReconcileReport> {
  const { data, error } = await deps.service.rpc('claim_stripe_reconciliation', {
    grace_seconds: deps.config.graceSeconds,
    max_rows: deps.config.batchSize,
    lease_seconds: deps.config.leaseSeconds,
    only_subscription: deps.only ?? null,
  });
  if (error) throw new Error(`claim_stripe_reconciliation: ${error.message}`);
  const claimed = (data ?? []) as ClaimedSubscription[];
  const report: ReconcileReport = {
    checked: 0,
    paid: 0,
    ended: 0,
    waiting: 0,
    errors: [],
    subscriptions: [],
  };
  for (const row of claimed) {
    report.checked += 1;
    let decision: Decision | null = null;
    let failure: string | null = null;
    try {
      let sub: unknown = null;
      try {
        sub = await deps.retrieve(row.subscription_id);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
      decision = await reconcileDecision(row, sub, deps.billing);
      if (decision.gap)
        decision = await reconcileDecision(
          row,
          sub,
          deps.billing,
          await deps.paidInvoices(row.subscription_id),
        );
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    let outcome: string = decision?.outcome ?? 'error';
    let reason = decision?.reason ?? failure?.slice(0, 300) ?? null;
    const finish = (events: unknown[]) =>
      deps.service.rpc('finish_stripe_reconciliation', {
        user_id: row.user_id,
        subscription_id: row.subscription_id,
        period_end: row.current_period_end,
        outcome,
        reason,
        retry_after_seconds: retryAfterSeconds(deps.config, row.attempts),
        details: decision?.details ?? {},
        events,
      });
    let finished = await finish(decision?.events ?? []);
    if (finished.error && (decision?.events.length ?? 0) > 0) {
      // applying failed (rolled back): recorded as an error with its back-off, not retried every lease
      failure = `apply: ${finished.error.message}`;
      outcome = 'error';
      reason = failure.slice(0, 300);
      finished = await finish([]);
    }
    if (finished.error) {
      report.errors.push(`${row.subscription_id}: finish_stripe_reconciliation: ${finished.error.message}`);
      continue;
    }
    if (failure) report.errors.push(`${row.subscription_id}: ${failure}`);
    if (outcome === 'paid') report.paid += 1;
    else if (outcome === 'ended') report.ended += 1;
    else if (outcome === 'waiting') report.waiting += 1;
    report.subscriptions.push({ subscription_id: row.subscription_id, outcome, reason });
  }
  return report;
}

// POST /functions/v1/stripe-reconcile (service role only) — one reconciliation run with
// Stripe: the Stripe-billed subscriptions whose period ended more than the grace time ago
// without a newer one (their renewal's webhook never arrived, or Stripe has not been paid
// yet), and the cancelling ones (a cancellation taken back at Stripe whose webhook was lost),
// are read back from Stripe and what Stripe says is applied the webhook's way
// (_shared/billing/reconcile.ts; SQL: 20261123003000_stripe_reconciliation_of_lost_renewals.sql).
// Body (optional): {"subscription_id": "sub_…"} checks that one now, whatever its back-off.
// Called every 5 minutes by pg_cron + pg_net on hosted Supabase when a check may be due, and
// by the local stack's job timer (supabase/local/jobs).
import { readJsonBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { callerRole } from '../_shared/caller.ts';
import { corsPreflight } from '../_shared/cors.ts';
import { billingFromEnv } from '../_shared/billing/live.ts';
import { runReconciliation } from '../_shared/billing/reconcile-run.ts';
import { reconcileConfig } from '../_shared/billing/reconcile.ts';
import { fail, ok } from '../_shared/billing/respond.ts';

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'POST') return fail(405, 'method_not_allowed', 'Method not allowed');
  if (callerRole(req) !== 'service_role')
    return fail(403, 'forbidden', 'Only the service role may run the reconciliation');
  const raw = await readJsonBody(req, SMALL_JSON_LIMIT);
  if (raw instanceof Response) return raw;
  const body = (raw ?? {}) as { subscription_id?: unknown };
  const only =
    typeof body?.subscription_id === 'string' && body.subscription_id ? body.subscription_id : null;
  const b = billingFromEnv();
  if (!b.stripe) {
    console.error('[stripe-reconcile] STRIPE_SECRET_KEY is not set');
    return fail(500, 'payments_unavailable', 'Stripe is not configured');
  }
  const stripe = b.stripe;
  try {
    const report = await runReconciliation({
      service: b.service,
      billing: b.config,
      config: reconcileConfig((name) => Deno.env.get(name)),
      retrieve: (id) => stripe.subscriptions.retrieve(id, { expand: ['latest_invoice'] }),
      paidInvoices: async (id) => {
        const paid: unknown[] = [];
        for await (const invoice of stripe.invoices.list({ subscription: id, status: 'paid', limit: 100 })) {
          paid.push(invoice);
          if (paid.length >= 24) break; // two years of months: more is not a lost webhook
        }
        return paid;
      },
      only,
    });
    if (report.errors.length) console.error('[stripe-reconcile]', report.errors.join('; '));
    return ok(report);
  } catch (err) {
    console.error('[stripe-reconcile]', err);
    return fail(500, 'reconcile_failed', 'Reconciliation failed');
  }
});

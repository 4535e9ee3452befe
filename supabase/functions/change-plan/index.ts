// POST /functions/v1/change-plan — schedules a downgrade for the next renewal (or takes it
// back). Body {plan} → {subscription}. Refusals carry the rule's code: downgrade_window (only
// in the last 7 days before the period end), upgrade_requires_checkout, already_cancelling…
import { readJsonBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { callerUserId } from '../_shared/caller.ts';
import { corsPreflight } from '../_shared/cors.ts';
import { billingFromEnv, planChangeDeps } from '../_shared/billing/live.ts';
import { changePlan } from '../_shared/billing/plan-change.ts';
import { BillingError, fail, failWith, ok } from '../_shared/billing/respond.ts';

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'POST') return fail(405, 'method_not_allowed', 'Method not allowed');
  const userId = callerUserId(req);
  if (!userId) return fail(401, 'login_required', 'Sign in to change your plan');
  const body = await readJsonBody(req, SMALL_JSON_LIMIT);
  if (body instanceof Response) return body;
  try {
    return ok(await changePlan(userId, body, planChangeDeps(billingFromEnv())));
  } catch (err) {
    if (err instanceof BillingError) return failWith(err);
    console.error('[change-plan]', err);
    return fail(500, 'plan_change_failed', 'Failed to change your plan. Please try again.');
  }
});

// /history after a busy day of a seller (issue 21): every credit movement is one activity row
// with its signed credits, and the rows add up to the ledger and to the balance; an unpaid
// checkout that Stripe expires reads as expired (the page's 'Not completed'), never pending.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fetchHistory } from '../../../src/features/billing/history-fetch.ts';
import type { AppSupabaseClient } from '../../../src/lib/supabase.ts';
import { serviceClient } from '../../support/clients.ts';
import { finishImages, must, recordUpload, seller, startGeneration } from '../../support/domain.ts';
import {
  balanceOf,
  buyCredits,
  buyPlan,
  invoke,
  returnUrls,
  subscriptionOf,
} from '../billing/billing-support.ts';
import { deliveriesDone, renewSubscription, standInUrl } from '../billing/stripe-support.ts';

const round = (n: number) => Math.round(n * 100) / 100;
const admin = () => serviceClient();

describe('history = the ledger', () => {
  it('after generation, refund, fix and its refund, video, tools, pack, plan and renewal: rows = ledger = balance', async () => {
    const s = await seller();
    const client = s.client;

    // free plan: one project that completes, one whose image fails (refunded)
    const done = await startGeneration(client, await recordUpload(client, s.id));
    await finishImages(done.id, 'completed');
    const failed = await startGeneration(client, await recordUpload(client, s.id));
    await finishImages(failed.id, 'failed');
    // a fix costs 1 credit on the free plan; the team rejects it: the credit comes back
    const fix = must(
      await client.rpc('request_project_fix', {
        project_id: done.id,
        description: 'Shorter sleeve',
        request_id: randomUUID(),
      }),
    ) as { fix: { id: string }; credits_charged: number };
    expect(Number(fix.credits_charged)).toBe(1);
    must(await admin().rpc('complete_fix', { fix_id: fix.fix.id, status: 'rejected', note: 'Not a fault' }));

    // the plan (credits granted), a pack, a video, two tools, a renewal
    await buyPlan(client, 'advanced');
    await buyCredits(client, 50);
    must(
      await client.rpc('request_project_video', {
        project_id: done.id,
        video_style: 'zoom-in',
        request_id: randomUUID(),
      }),
    );
    must(
      await client.rpc('charge_tool_use', { tool: 'photo-combiner', metadata: { requestId: randomUUID() } }),
    );
    must(
      await client.rpc('charge_tool_use', {
        tool: 'background-remover',
        metadata: { requestId: randomUUID() },
      }),
    );
    const sub = await subscriptionOf(s.id);
    await renewSubscription(sub.stripe_subscription_id as string);
    await deliveriesDone();

    const history = await fetchHistory(client as unknown as AppSupabaseClient);
    const ledger = must(
      await admin().from('credit_ledger').select('id, amount, reason').eq('user_id', s.id),
    ) as { id: string; amount: number; reason: string }[];
    const money = history.activity.filter((i) => i.ledgerId !== null);

    // one row per movement, the same movements
    expect(money.map((i) => i.ledgerId).sort()).toEqual(ledger.map((l) => l.id).sort());
    const reasons = new Set(ledger.map((l) => l.reason));
    for (const r of [
      'signup_bonus',
      'generation',
      'refund',
      'fix',
      'video',
      'tool',
      'purchase',
      'plan_grant',
    ])
      expect(reasons).toContain(r);
    expect(ledger.filter((l) => l.reason === 'plan_grant').length).toBeGreaterThanOrEqual(2);
    // rows = ledger = balance
    const rows = round(money.reduce((sum, i) => sum + (i.credits ?? 0), 0));
    const { remaining, ledgerSum } = await balanceOf(s.id);
    expect(rows).toBe(ledgerSum);
    expect(ledgerSum).toBe(remaining);
    // what the seller reads for the ones the issue found wrong
    expect(money.find((i) => i.type === 'video_requested')).toMatchObject({
      credits: -3,
      projectId: done.id,
    });
    expect(money.find((i) => i.type === 'fix_requested')).toMatchObject({ credits: -1, status: 'rejected' });
    expect(
      money
        .filter((i) => i.type === 'refund')
        .map((i) => i.refundOf)
        .sort(),
    ).toEqual(['fix', 'generation']);
    console.info(
      `history reconciliation: ${money.length} ledger rows, rows sum ${rows}, ledger ${ledgerSum}, balance ${remaining}`,
    );
  });

  it('an unpaid checkout Stripe expires is closed as expired: no pending row', async () => {
    const s = await seller();
    const out = await invoke(s.client, 'stripe-checkout', {
      price_id: 'pro',
      mode: 'subscription',
      metadata: { plan: 'pro' },
      ...returnUrls,
    });
    if (!out.ok) throw new Error(`stripe-checkout refused: ${JSON.stringify(out)}`);
    let history = await fetchHistory(s.client as unknown as AppSupabaseClient);
    expect(history.purchases.map((p) => [p.event, p.status])).toEqual([['plan_purchase', 'pending']]);

    // 24 h later Stripe expires the session and says so
    const res = await fetch(
      `${standInUrl()}/dev/checkout_sessions/${out.session_id}/backdate?seconds=86400`,
      {
        method: 'POST',
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'expired' });
    history = await fetchHistory(s.client as unknown as AppSupabaseClient);
    expect(history.purchases.map((p) => [p.event, p.status])).toEqual([['plan_purchase', 'expired']]);
  });
});

// A delayed payment method (a bank debit): the checkout finishes unpaid and Stripe tells the
// outcome later. A failed one closes the purchase as failed and tells the seller (it stayed
// pending for ever before); a successful one grants the pack once.
import { describe, expect, it } from 'vitest';
import { serviceClient } from '../../support/clients.ts';
import { must, seller } from '../../support/domain.ts';
import { balanceOf, invoke, logsOf, returnUrls } from './billing-support.ts';
import { deliveriesDone, devEvents, postWebhook, standInUrl } from './stripe-support.ts';

async function delayed(sessionId: string, result: 'succeeded' | 'failed') {
  const res = await fetch(
    `${standInUrl()}/dev/checkout_sessions/${sessionId}/delayed_payment?result=${result}`,
    {
      method: 'POST',
    },
  );
  expect(res.status).toBe(200);
  await deliveriesDone();
}

const notificationsOf = async (userId: string) =>
  must(
    await serviceClient()
      .from('notifications')
      .select('type, data')
      .eq('user_id', userId)
      .order('created_at'),
  ) as { type: string; data: Record<string, unknown> }[];

async function packCheckout(client: Parameters<typeof invoke>[0], credits: number) {
  const quote = must(await client.rpc('credit_pack_quote', { credits })) as { amount_cents: number };
  const out = await invoke(client, 'create-credit-checkout', {
    credits,
    amount: quote.amount_cents,
    currency: 'eur',
    ...returnUrls,
  });
  if (!out.ok) throw new Error(JSON.stringify(out));
  return { sessionId: out.session_id, amountCents: quote.amount_cents };
}

describe('checkout.session.async_payment_failed', () => {
  it('a pack whose debit failed: nothing granted, the purchase closed as failed, the seller told — once', async () => {
    const user = await seller({ plan: 'pro' });
    const before = await balanceOf(user.id);
    const { sessionId, amountCents } = await packCheckout(user.client, 100);
    await delayed(sessionId, 'failed');
    expect(await balanceOf(user.id)).toEqual(before);
    const failed = await logsOf(user.id, ['user_activity_credits_purchase_failed']);
    expect(failed).toHaveLength(1);
    expect(failed[0].raw_data.metadata).toMatchObject({ credits: 100, sessionId });
    const told = (await notificationsOf(user.id)).filter((n) => n.type === 'purchase_failed');
    expect(told).toEqual([
      { type: 'purchase_failed', data: { kind: 'credits', credits: 100, amountCents, currency: 'eur' } },
    ]);
    // Stripe delivers it again: nothing more
    const event = (await devEvents('checkout.session.async_payment_failed')).find(
      (e) => (e.data.object as { id: string }).id === sessionId,
    );
    const { delivery: _d, ...payload } = event!;
    expect((await postWebhook(JSON.stringify(payload))).body).toMatchObject({ duplicate: true });
    expect((await notificationsOf(user.id)).filter((n) => n.type === 'purchase_failed')).toHaveLength(1);
  });

  it('a plan whose payment failed: its pending purchase becomes failed, the plan stays, the seller told', async () => {
    const user = await seller();
    const out = await invoke(user.client, 'stripe-checkout', {
      plan: 'pro',
      mode: 'subscription',
      ...returnUrls,
    });
    if (!out.ok) throw new Error(JSON.stringify(out));
    const event = {
      id: `evt_async_failed_${Date.now()}`,
      object: 'event',
      type: 'checkout.session.async_payment_failed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: out.session_id,
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'unpaid',
          amount_total: 5000,
          currency: 'eur',
          client_reference_id: user.id,
          metadata: { user_id: user.id, kind: 'plan', plan: 'pro' },
        },
      },
    };
    expect((await postWebhook(JSON.stringify(event))).body).toMatchObject({ applied: true });
    const rows = await logsOf(user.id, ['plan_determination']);
    expect(rows.map((r) => [r.raw_data.session_id, r.raw_data.status])).toEqual([[out.session_id, 'failed']]);
    expect(
      must(await serviceClient().from('subscriptions').select('plan').eq('user_id', user.id).single()),
    ).toEqual({ plan: 'free' });
    expect((await notificationsOf(user.id)).filter((n) => n.type === 'purchase_failed')).toEqual([
      { type: 'purchase_failed', data: { kind: 'plan', plan: 'pro', amountCents: 5000, currency: 'eur' } },
    ]);
  });

  it('a pack whose debit succeeded later is granted once', async () => {
    const user = await seller({ plan: 'pro' });
    const before = await balanceOf(user.id);
    const { sessionId } = await packCheckout(user.client, 100);
    await delayed(sessionId, 'succeeded');
    expect((await balanceOf(user.id)).purchased).toBe(before.purchased + 100);
  });
});

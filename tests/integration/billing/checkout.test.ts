// Buying through the functions as the app does (supabase-js functions.invoke) and the
// stand-in's checkout page: a plan from Free, a credit pack priced on the server, and the
// refusals (not signed in, free plan packs, a forged amount, an unknown tier, a lower plan).
import { describe, expect, it } from 'vitest';
import { anonClient } from '../../support/clients.ts';
import { must, seller } from '../../support/domain.ts';
import {
  balanceOf,
  buyCredits,
  buyPlan,
  invoke,
  logsOf,
  returnUrls,
  stripe,
  subscriptionOf,
} from './billing-support.ts';
import { CARDS } from './stripe-support.ts';

describe('stripe-checkout (plans)', () => {
  it('Free → Pro: the seller pays 4242 on the checkout page; the webhook activates Pro with its 25 credits; ledger = balance', async () => {
    const user = await seller();
    const before = await balanceOf(user.id);
    expect(before.remaining).toBe(2);
    const sessionId = await buyPlan(user.client, 'pro');

    const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['line_items'] });
    expect(session.line_items?.data[0]?.price?.id).toBe('price_drape_pro_monthly');
    expect(session.amount_total).toBe(5000);
    expect(session.metadata).toMatchObject({ user_id: user.id, plan: 'pro', kind: 'plan' });

    const sub = await subscriptionOf(user.id);
    expect(sub).toMatchObject({
      plan: 'pro',
      status: 'active',
      cancel_at_period_end: false,
      stripe_subscription_id: session.subscription,
    });
    expect(sub.stripe_customer_id).toBe(session.customer);
    // the free plan's 2 credits carry over; Pro grants 25
    expect(await balanceOf(user.id)).toEqual({ remaining: 27, plan: 27, purchased: 0, ledgerSum: 27 });
    const stripeSub = await stripe.subscriptions.retrieve(session.subscription as string);
    expect(new Date(sub.current_period_end).getTime() / 1000).toBe(
      stripeSub.items.data[0].current_period_end,
    );

    // history: the checkout's plan_determination row became the paid purchase; the plan change is logged
    const logs = await logsOf(user.id, ['plan_determination', 'subscription_plan_changed']);
    expect(logs.map((l) => [l.event_type, l.raw_data.status])).toEqual([
      ['plan_determination', 'paid'],
      ['subscription_plan_changed', 'active'],
    ]);
    expect(logs[0].raw_data).toMatchObject({
      plan: 'free',
      determined_plan: 'pro',
      amount: 50,
      currency: 'eur',
      session_id: sessionId,
    });
  });

  it('refuses without a signed-in user, an unknown or inconsistent tier, the current plan, a lower plan, and a foreign return address', async () => {
    const anon = await invoke(anonClient(), 'stripe-checkout', {
      price_id: 'pro',
      mode: 'subscription',
      ...returnUrls,
    });
    expect(anon).toMatchObject({
      ok: false,
      status: 401,
      code: 'login_required',
      error: 'You must be logged in to make a purchase',
    });

    const user = await seller({ plan: 'pro' });
    expect(
      await invoke(user.client, 'stripe-checkout', {
        price_id: 'price_forged',
        mode: 'subscription',
        ...returnUrls,
      }),
    ).toMatchObject({ status: 400, code: 'invalid_tier', error: 'Invalid pricing tier selected' });
    expect(
      await invoke(user.client, 'stripe-checkout', {
        price_id: 'price_drape_lite_monthly',
        metadata: { plan: 'advanced' },
        mode: 'subscription',
        ...returnUrls,
      }),
    ).toMatchObject({ status: 400, code: 'invalid_tier' });
    expect(
      await invoke(user.client, 'stripe-checkout', {
        plan: 'enterprise',
        mode: 'subscription',
        ...returnUrls,
      }),
    ).toMatchObject({ status: 400, code: 'invalid_tier' });
    expect(
      await invoke(user.client, 'stripe-checkout', { plan: 'pro', mode: 'payment', ...returnUrls }),
    ).toMatchObject({ status: 400, code: 'invalid_mode' });
    expect(
      await invoke(user.client, 'stripe-checkout', { plan: 'pro', mode: 'subscription', ...returnUrls }),
    ).toMatchObject({ status: 409, code: 'current_plan' });
    expect(
      await invoke(user.client, 'stripe-checkout', { plan: 'lite', mode: 'subscription', ...returnUrls }),
    ).toMatchObject({ status: 409, code: 'downgrade_not_checkout' });
    expect(
      await invoke(user.client, 'stripe-checkout', {
        plan: 'advanced',
        mode: 'subscription',
        success_url: 'https://evil.example/x',
        cancel_url: returnUrls.cancel_url,
      }),
    ).toMatchObject({ status: 400, code: 'invalid_return_url' });
    // a price id the server configured is accepted as the spec's body sends it
    const byPrice = await invoke(user.client, 'stripe-checkout', {
      price_id: 'price_drape_advanced_monthly',
      mode: 'subscription',
      metadata: { plan: 'advanced' },
      ...returnUrls,
    });
    expect(byPrice).toMatchObject({ ok: true, plan: 'advanced' });
  });
});

describe('one Stripe session per seller action', () => {
  it('the same request id sent again (a double tap, a lost answer, a re-invoked function) answers the first session, recorded once; a new press is a new session', async () => {
    const user = await seller();
    const body = { request_id: crypto.randomUUID(), plan: 'pro', mode: 'subscription', ...returnUrls };
    const first = await invoke(user.client, 'stripe-checkout', body);
    if (!first.ok) throw new Error(JSON.stringify(first));
    const again = await Promise.all([
      invoke(user.client, 'stripe-checkout', body),
      invoke(user.client, 'stripe-checkout', body),
    ]);
    expect(again.map((a) => (a.ok ? a.session_id : a.code))).toEqual([first.session_id, first.session_id]);
    const pending = await logsOf(user.id, ['plan_determination']);
    expect(pending.map((l) => l.raw_data.session_id)).toEqual([first.session_id]);
    const next = await invoke(user.client, 'stripe-checkout', { ...body, request_id: crypto.randomUUID() });
    expect(next.ok && next.session_id).not.toBe(first.session_id);

    const pro = await seller({ plan: 'pro' });
    const quote = must(await pro.client.rpc('credit_pack_quote', { credits: 100 })) as {
      amount_cents: number;
    };
    const pack = {
      request_id: crypto.randomUUID(),
      credits: 100,
      amount: quote.amount_cents,
      currency: 'eur',
      ...returnUrls,
    };
    const a = await invoke(pro.client, 'create-credit-checkout', pack);
    const b = await invoke(pro.client, 'create-credit-checkout', pack);
    if (!a.ok || !b.ok) throw new Error(JSON.stringify([a, b]));
    expect(b.session_id).toBe(a.session_id);
    // one page to pay, whichever answer the seller saw
    expect(b.url).toBe(a.url);
  });

  it('refuses a checkout without a request id', async () => {
    const user = await seller();
    const { data, error } = await user.client.functions.invoke('stripe-checkout', {
      body: { plan: 'pro', mode: 'subscription', ...returnUrls },
    });
    expect(data).toBeNull();
    expect(await (error as { context: Response }).context.json()).toMatchObject({
      code: 'request_id_invalid',
    });
  });
});

describe('create-credit-checkout (packs)', () => {
  it('a 200-credit pack on Pro costs 200 × €1.75 − 10 % = €315.00, is granted once, and is logged', async () => {
    const user = await seller({ plan: 'pro' });
    const before = await balanceOf(user.id);
    const { sessionId, amountCents, paid } = await buyCredits(user.client, 200);
    expect(paid.status).toBe(303);
    expect(amountCents).toBe(31500);
    const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['line_items'] });
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 31500,
      currency: 'eur',
      payment_status: 'paid',
    });
    expect(session.line_items?.data[0]).toMatchObject({
      description: '200 Drape credits',
      quantity: 1,
      amount_total: 31500,
    });

    const after = await balanceOf(user.id);
    expect(after).toEqual({
      remaining: before.remaining + 200,
      plan: before.plan,
      purchased: before.purchased + 200,
      ledgerSum: before.remaining + 200,
    });
    const purchase = await logsOf(user.id, ['credit_purchase_processed']);
    expect(purchase).toHaveLength(1);
    expect(purchase[0].raw_data).toMatchObject({
      credits_added: 200,
      amount: 315,
      currency: 'eur',
      status: 'completed',
      reference: sessionId,
    });
    const started = await logsOf(user.id, ['user_activity_credits_purchase_initiated']);
    expect(started[0].raw_data).toMatchObject({
      credits: 200,
      unitPrice: 1.75,
      discountPercentage: 10,
      finalAmount: 315,
    });
  });

  it('prices by the seller’s real plan: Advanced €1.50, Lite €2.00 with 5 % from 100', async () => {
    const advanced = await seller({ plan: 'advanced' });
    const a = await invoke(advanced.client, 'create-credit-checkout', {
      credits: 400,
      currency: 'eur',
      ...returnUrls,
    });
    expect(a).toMatchObject({ ok: true, amount_cents: 48000 }); // 400 × 1.50 × 0.80
    const lite = await seller({ plan: 'lite' });
    const l = await invoke(lite.client, 'create-credit-checkout', {
      credits: 125,
      currency: 'eur',
      ...returnUrls,
    });
    expect(l).toMatchObject({ ok: true, amount_cents: 23750 }); // 125 × 2.00 × 0.95
  });

  it('refuses a forged amount, the free plan, 500 credits, a value off the slider and another currency', async () => {
    const pro = await seller({ plan: 'pro' });
    const forged = await invoke(pro.client, 'create-credit-checkout', {
      credits: 200,
      amount: 100,
      currency: 'eur',
      ...returnUrls,
    });
    expect(forged).toMatchObject({ ok: false, status: 409, code: 'price_changed' });
    expect(
      await invoke(pro.client, 'create-credit-checkout', { credits: 500, currency: 'eur', ...returnUrls }),
    ).toMatchObject({ status: 400, code: 'contact_sales' });
    expect(
      await invoke(pro.client, 'create-credit-checkout', { credits: 350, currency: 'eur', ...returnUrls }),
    ).toMatchObject({ status: 400, code: 'invalid_credit_amount' });
    expect(
      await invoke(pro.client, 'create-credit-checkout', { credits: 25, currency: 'usd', ...returnUrls }),
    ).toMatchObject({ status: 400, code: 'invalid_currency' });

    const free = await seller();
    const refused = await invoke(free.client, 'create-credit-checkout', {
      credits: 25,
      currency: 'eur',
      ...returnUrls,
    });
    expect(refused).toMatchObject({ ok: false, status: 403, code: 'packs_paid_plans_only' });
    expect(await balanceOf(free.id)).toMatchObject({ remaining: 2, purchased: 0 });
    expect(await logsOf(free.id, ['user_activity_credits_purchase_initiated'])).toEqual([]);
  });

  it('one quote per request id: the same press again answers the same session; the same id for another pack is refused', async () => {
    const pro = await seller({ plan: 'pro' });
    const request_id = `pack-${crypto.randomUUID()}`;
    const body = { credits: 100, currency: 'eur', request_id, ...returnUrls };
    const first = await invoke(pro.client, 'create-credit-checkout', body);
    const again = await invoke(pro.client, 'create-credit-checkout', body);
    expect(first).toMatchObject({ ok: true, amount_cents: 16625 });
    expect(again).toMatchObject({ ok: true, amount_cents: 16625 });
    if (!first.ok || !again.ok) return;
    expect(again.session_id).toBe(first.session_id);
    expect(await invoke(pro.client, 'create-credit-checkout', { ...body, credits: 200 })).toMatchObject({
      ok: false,
      status: 409,
      code: 'request_reused',
    });
  });

  it('a pack of 1e308 or 2³¹ credits is a 400 with the app’s words, not a 502', async () => {
    const pro = await seller({ plan: 'pro' });
    for (const credits of [1e308, 2 ** 31]) {
      expect(
        await invoke(pro.client, 'create-credit-checkout', { credits, currency: 'eur', ...returnUrls }),
      ).toEqual({ ok: false, status: 400, code: 'invalid_credit_amount', error: 'Invalid credit amount' });
    }
    expect(await logsOf(pro.id, ['user_activity_credits_purchase_initiated'])).toEqual([]);
  });

  it('a declined card changes nothing: no credits, no purchase row', async () => {
    const user = await seller({ plan: 'lite' });
    const before = await balanceOf(user.id);
    const { paid } = await buyCredits(user.client, 50, CARDS.declined);
    expect(paid.status).toBe(402);
    expect(paid.text).toContain('Your card was declined.');
    expect(await balanceOf(user.id)).toEqual(before);
    expect(await logsOf(user.id, ['credit_purchase_processed'])).toEqual([]);
  });
});

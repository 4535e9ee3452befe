// stripe-webhook: the signature decides whether anything happens; each event is applied
// once whatever Stripe does (retries, replays, concurrent deliveries, out of order); the
// subscription row follows Stripe (cancel and resume, failed and paid renewals, the end).
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { serviceClient } from '../../support/clients.ts';
import { must, seller } from '../../support/domain.ts';
import {
  balanceOf,
  buyCredits,
  buyPlan,
  invoke,
  logsOf,
  paymentEventRows,
  returnUrls,
  stripe,
  subscriptionOf,
} from './billing-support.ts';
import {
  CARDS,
  deliveriesDone,
  devEvents,
  failRenewal,
  payOnCheckoutPage,
  postWebhook,
  renewSubscription,
  resendEvent,
  webhookSecret,
} from './stripe-support.ts';

const eventOf = async (type: string, match: (e: Stripe.Event) => boolean) => {
  const found = (await devEvents(type)).find(match);
  if (!found) throw new Error(`no ${type} event`);
  const { delivery: _delivery, ...event } = found;
  return event as Stripe.Event;
};

describe('stripe-webhook', () => {
  it('refuses a bad, missing or stale signature and a changed body with 400; nothing is recorded or granted', async () => {
    const user = await seller({ plan: 'pro' });
    const before = await balanceOf(user.id);
    const forged = {
      id: `evt_forged_${Date.now()}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `cs_test_forged_${Date.now()}`,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          amount_total: 100,
          currency: 'eur',
          metadata: { user_id: user.id, kind: 'credits', credits: '500' },
        },
      },
    };
    const payload = JSON.stringify(forged);
    expect((await postWebhook(payload, 'whsec_not_the_secret')).status).toBe(400);
    expect((await postWebhook(payload, webhookSecret(), 'garbage')).status).toBe(400);
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret(),
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await postWebhook(payload, webhookSecret(), old)).status).toBe(400);
    const signedOther = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload: payload.replace('"500"', '"5"'),
      secret: webhookSecret(),
    });
    const tampered = await postWebhook(payload, webhookSecret(), signedOther);
    expect(tampered).toMatchObject({ status: 400, body: { code: 'invalid_signature' } });
    const noHeader = await fetch(
      `${(await import('../../support/clients.ts')).stack().url}/functions/v1/stripe-webhook`,
      { method: 'POST', body: payload },
    );
    expect(noHeader.status).toBe(400);

    expect(await paymentEventRows(forged.id)).toEqual([]);
    expect(await balanceOf(user.id)).toEqual(before);
  });

  it('a pack paid less than its quote grants nothing: a session made at Stripe for €0.50 naming 400 credits', async () => {
    const user = await seller({ plan: 'pro' });
    const before = await balanceOf(user.id);
    // whoever holds the API key can make a session with any amount and metadata
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'eur', unit_amount: 50, product_data: { name: '400 credits' } },
          quantity: 1,
        },
      ],
      success_url: 'http://localhost:3000/success',
      client_reference_id: user.id,
      metadata: { user_id: user.id, kind: 'credits', credits: '400', plan: 'pro' },
    });
    const paid = await payOnCheckoutPage(session.url as string, { number: CARDS.visa });
    expect(paid.status).toBe(303);
    await deliveriesDone();
    const completed = await eventOf(
      'checkout.session.completed',
      (e) => (e.data.object as { id: string }).id === session.id,
    );
    // delivered, recorded once, answered with why nothing happened
    expect((await paymentEventRows(completed.id))[0]?.processed_at).not.toBeNull();
    const again = await postWebhook(JSON.stringify(completed));
    expect(again.body).toMatchObject({ duplicate: true, applied: false });
    expect(await balanceOf(user.id)).toEqual(before);
    expect(await logsOf(user.id, ['credit_purchase_processed'])).toEqual([]);
  });

  it('a Lite seller’s session made at Stripe at the Advanced rate, naming Advanced, grants nothing: it has no quote of ours', async () => {
    const lite = await seller({ plan: 'lite' });
    const before = await balanceOf(lite.id);
    // 100 credits on Advanced: 100 × €1.50 − 5 % = €142.50 (on Lite they cost €190.00)
    const advancedRate = must(
      await serviceClient().rpc('credit_pack_quote', { credits: 100, plan: 'advanced' }),
    ) as {
      amount_cents: number;
    };
    expect(advancedRate.amount_cents).toBe(14250);
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'eur', unit_amount: 14250, product_data: { name: '100 Drape credits' } },
          quantity: 1,
        },
      ],
      success_url: 'http://localhost:3000/success',
      client_reference_id: lite.id,
      metadata: {
        user_id: lite.id,
        kind: 'credits',
        credits: '100',
        plan: 'advanced',
        amount_cents: '14250',
      },
    });
    expect((await payOnCheckoutPage(session.url as string, { number: CARDS.visa })).status).toBe(303);
    await deliveriesDone();

    expect(await balanceOf(lite.id)).toEqual(before);
    expect(await logsOf(lite.id, ['credit_purchase_processed'])).toEqual([]);
    // recorded for the operator: which session, what was paid, and that nothing was quoted
    const refused = await logsOf(lite.id, ['credit_purchase_refused']);
    expect(refused.map((r) => r.raw_data)).toEqual([
      expect.objectContaining({
        reason: 'no_quote',
        reference: session.id,
        paid_cents: 14250,
        paid_currency: 'eur',
        quoted_cents: null,
      }),
    ]);
  });

  it('a pack session opened before quotes were kept, paid its price on the seller’s own plan, is granted once', async () => {
    const lite = await seller({ plan: 'lite' });
    const before = await balanceOf(lite.id);
    const liteRate = must(await serviceClient().rpc('credit_pack_quote', { credits: 100, plan: 'lite' })) as {
      amount_cents: number;
    };
    // made as create-credit-checkout made them before this release: no quote row of ours
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          price_data: {
            currency: 'eur',
            unit_amount: liteRate.amount_cents,
            product_data: { name: '100 Drape credits' },
          },
          quantity: 1,
        },
      ],
      success_url: 'http://localhost:3000/success',
      client_reference_id: lite.id,
      metadata: { user_id: lite.id, kind: 'credits', credits: '100', plan: 'lite' },
    });
    expect((await payOnCheckoutPage(session.url as string, { number: CARDS.visa })).status).toBe(303);
    await deliveriesDone();
    const completed = await eventOf(
      'checkout.session.completed',
      (e) => (e.data.object as { id: string }).id === session.id,
    );
    expect(await postWebhook(JSON.stringify(completed))).toMatchObject({
      body: { duplicate: true, applied: false },
    });
    expect((await balanceOf(lite.id)).remaining).toBe(before.remaining + 100);
    expect(await logsOf(lite.id, ['credit_purchase_refused'])).toEqual([]);
  });

  it('a Lite seller’s real checkout forged to say Advanced (metadata and amount) grants nothing; paid as quoted it grants the quote', async () => {
    const lite = await seller({ plan: 'lite' });
    const before = await balanceOf(lite.id);
    // the browser asks for Advanced: the function prices by the seller's plan, and keeps that quote
    const out = await invoke(lite.client, 'create-credit-checkout', {
      credits: 100,
      plan: 'advanced',
      metadata: { plan: 'advanced' },
      currency: 'eur',
      ...returnUrls,
    });
    expect(out).toMatchObject({ ok: true, credits: 100, amount_cents: 19000 });
    if (!out.ok) return;
    const real = await stripe.checkout.sessions.retrieve(out.session_id);
    expect(real.amount_total).toBe(19000);

    // a signed completion for that very session, claiming the Advanced rate for its 100 credits
    const forged = {
      id: `evt_forged_${out.session_id}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          ...real,
          status: 'complete',
          payment_status: 'paid',
          amount_total: 14250,
          metadata: { ...real.metadata, plan: 'advanced', credits: '100', amount_cents: '14250' },
        },
      },
    };
    const refusedAnswer = await postWebhook(JSON.stringify(forged));
    expect(refusedAnswer).toMatchObject({ status: 200, body: { applied: false, reason: 'amount_mismatch' } });
    expect(await balanceOf(lite.id)).toEqual(before);
    const refused = await logsOf(lite.id, ['credit_purchase_refused']);
    expect(refused.map((r) => r.raw_data)).toEqual([
      expect.objectContaining({
        reason: 'amount_mismatch',
        reference: out.session_id,
        paid_cents: 14250,
        quoted_cents: 19000,
        credits: 100,
        plan: 'lite',
      }),
    ]);

    // the seller then pays the real session: the quote's 100 credits at €190.00, once
    expect((await payOnCheckoutPage(out.url, { number: CARDS.visa })).status).toBe(303);
    await deliveriesDone();
    expect(await balanceOf(lite.id)).toMatchObject({ remaining: before.remaining + 100, purchased: 100 });
    const purchase = await logsOf(lite.id, ['credit_purchase_processed']);
    expect(purchase.map((r) => r.raw_data)).toEqual([
      expect.objectContaining({ credits_added: 100, amount: 190, reference: out.session_id }),
    ]);
  });

  it('a pack’s events delivered again and again, all at once and out of order, grant the credits once', async () => {
    const user = await seller({ plan: 'pro' });
    const { sessionId } = await buyCredits(user.client, 100);
    const once = await balanceOf(user.id);
    const completed = await eventOf(
      'checkout.session.completed',
      (e) => (e.data.object as { id: string }).id === sessionId,
    );
    expect((await paymentEventRows(completed.id))[0].processed_at).not.toBeNull();

    // Stripe retries / `stripe events resend`: five more deliveries of the same event
    for (let i = 0; i < 5; i++) expect((await resendEvent(completed.id)).delivery?.state).toBe('delivered');
    // five concurrent deliveries, each freshly signed
    const payload = JSON.stringify(completed);
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(payload)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.every((a) => a.body.duplicate === true)).toBe(true);
    // the payment intent's event, older than the session's, arriving last
    const pi = await eventOf(
      'payment_intent.succeeded',
      (e) => (e.data.object as { metadata: Record<string, string> }).metadata.user_id === user.id,
    );
    expect((await postWebhook(JSON.stringify(pi))).status).toBe(200);

    expect(await balanceOf(user.id)).toEqual(once);
    expect(await logsOf(user.id, ['credit_purchase_processed'])).toHaveLength(1);
    expect(await paymentEventRows(completed.id)).toHaveLength(1);
  });

  it('a plan bought, then its events replayed out of order after a renewal, changes nothing twice', async () => {
    const user = await seller();
    const sessionId = await buyPlan(user.client, 'lite');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;
    const firstPeriodEnd = (await subscriptionOf(user.id)).current_period_end;
    const firstInvoicePaid = await eventOf(
      'invoice.paid',
      (e) =>
        (e.data.object as { parent?: { subscription_details?: { subscription?: string } } }).parent
          ?.subscription_details?.subscription === subId,
    );
    const completed = await eventOf(
      'checkout.session.completed',
      (e) => (e.data.object as { id: string }).id === sessionId,
    );
    expect(await balanceOf(user.id)).toMatchObject({ remaining: 22 });

    // the next period is paid: Lite's 20 credits again (carry-over 22 ≤ 40)
    await renewSubscription(subId);
    const renewed = await subscriptionOf(user.id);
    expect(new Date(renewed.current_period_start).getTime()).toBe(new Date(firstPeriodEnd).getTime());
    expect(await balanceOf(user.id)).toEqual({ remaining: 42, plan: 42, purchased: 0, ledgerSum: 42 });

    // late copies of the first period's events, as new deliveries and as resends
    for (const e of [firstInvoicePaid, completed]) {
      const copy = { ...e, id: `${e.id}_late` };
      const answer = await postWebhook(JSON.stringify(copy));
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ applied: false });
      await resendEvent(e.id);
    }
    expect(await subscriptionOf(user.id)).toMatchObject({
      plan: 'lite',
      current_period_start: renewed.current_period_start,
      current_period_end: renewed.current_period_end,
    });
    expect(await balanceOf(user.id)).toMatchObject({ remaining: 42, ledgerSum: 42 });
    const purchases = await logsOf(user.id, ['plan_determination', 'subscription_updated']);
    expect(purchases.map((l) => l.raw_data.status)).toEqual(['paid', 'renewed']);
  });

  it('the row follows the subscription: cancel and resume, a failed and a paid renewal, the end', async () => {
    const user = await seller();
    await buyPlan(user.client, 'pro');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;

    await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    await deliveriesDone();
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: 'pro', cancel_at_period_end: true });
    await stripe.subscriptions.update(subId, { cancel_at_period_end: false });
    await deliveriesDone();
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: 'pro', cancel_at_period_end: false });

    await failRenewal(subId);
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: 'pro', status: 'past_due' });
    const failed = (await logsOf(user.id, ['subscription_updated'])).find(
      (l) => l.raw_data.status === 'payment_failed',
    );
    expect(failed?.raw_data).toMatchObject({ amount: 50, currency: 'eur' });
    await renewSubscription(subId);
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: 'pro', status: 'active' });
    expect(await balanceOf(user.id)).toMatchObject({ remaining: 52, ledgerSum: 52 });

    // cancelled at the period end, then the period ends: Stripe deletes the subscription → free
    await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    await renewSubscription(subId);
    const ended = await subscriptionOf(user.id);
    expect(ended).toMatchObject({ plan: 'free', cancel_at_period_end: false, stripe_subscription_id: null });
    const changes = await logsOf(user.id, ['subscription_plan_changed']);
    expect(changes.at(-1)?.raw_data).toMatchObject({
      plan: 'free',
      previous_plan: 'pro',
      reason: 'cancel_at_period_end',
    });
  });

  it('cancel-subscription (settings) cancels at Stripe too; the webhook that follows changes nothing more', async () => {
    const user = await seller();
    await buyPlan(user.client, 'lite');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;
    const out = await user.client.functions.invoke('cancel-subscription', {
      body: { request_id: crypto.randomUUID() },
    });
    expect(out.error).toBeNull();
    expect((await stripe.subscriptions.retrieve(subId)).cancel_at_period_end).toBe(true);
    await deliveriesDone();
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: 'lite', cancel_at_period_end: true });
    const cancellations = (await logsOf(user.id, ['subscription_updated'])).filter(
      (l) => l.raw_data.status === 'cancel_at_period_end',
    );
    expect(cancellations).toHaveLength(1);
  });

  it('an upgrade through checkout replaces the old subscription, which Stripe then ends; its deletion leaves the new plan alone', async () => {
    const user = await seller();
    await buyPlan(user.client, 'lite');
    const lite = (await subscriptionOf(user.id)).stripe_subscription_id!;
    // a period is granted once per start second (Stripe's timestamps are whole seconds); a
    // person cannot upgrade within the second they subscribed, a fast test can
    await new Promise((r) => setTimeout(r, 1100));
    await buyPlan(user.client, 'advanced');
    await deliveriesDone();
    const after = await subscriptionOf(user.id);
    expect(after.plan).toBe('advanced');
    expect(after.stripe_subscription_id).not.toBe(lite);
    expect((await stripe.subscriptions.retrieve(lite)).status).toBe('canceled');
    const deleted = await eventOf(
      'customer.subscription.deleted',
      (e) => (e.data.object as { id: string }).id === lite,
    );
    expect(deleted).toBeTruthy();
    // 2 free + 20 lite carried over (cap 60), + 30 advanced
    expect(await balanceOf(user.id)).toEqual({ remaining: 52, plan: 52, purchased: 0, ledgerSum: 52 });
    const events = must(
      await serviceClient().from('payment_events').select('id, processed_at').eq('id', deleted.id),
    ) as { processed_at: string | null }[];
    expect(events[0]?.processed_at).not.toBeNull();
  });
});

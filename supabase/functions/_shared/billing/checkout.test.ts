import { describe, expect, it } from 'vitest';
import { billingConfig } from './config.ts';
import {
  type CheckoutDeps,
  createCreditCheckout,
  createPlanCheckout,
  requestedPlan,
  type SessionParams,
  type SubscriptionRow,
} from './checkout.ts';
import { BillingError } from './respond.ts';

const config = billingConfig(
  (name) =>
    ({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PRICE_LITE: 'price_l',
      STRIPE_PRICE_PRO: 'price_p',
      STRIPE_PRICE_ADVANCED: 'price_a',
      APP_ORIGINS: 'https://app.example',
    })[name],
);

const urls = {
  success_url: 'https://app.example/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'https://app.example/pricing',
  request_id: 'press-0001',
};

function deps(sub: Partial<SubscriptionRow> = {}) {
  const sessions: SessionParams[] = [];
  const started: unknown[] = [];
  // Stripe's idempotency: a repeated key answers the first session
  const byKey = new Map<string, { params: string; id: string }>();
  const keys: string[] = [];
  const attached: [string, string][] = [];
  const d: CheckoutDeps = {
    config,
    loadSubscription: async () => ({
      plan: 'free',
      status: 'active',
      stripe_customer_id: null,
      stripe_subscription_id: null,
      cancel_at_period_end: false,
      current_period_end: '2030-01-01T00:00:00Z',
      scheduled_plan: null,
      ...sub,
    }),
    planPriceEur: async () => 50,
    quote: async (_userId, credits) => {
      const plan = sub.plan ?? 'free';
      const unit = plan === 'pro' ? 1.75 : plan === 'advanced' ? 1.5 : 2;
      const discount = credits >= 400 ? 20 : credits >= 200 ? 10 : credits >= 100 ? 5 : 0;
      const purchasable = plan !== 'free' && credits < 500;
      return {
        quote_id: purchasable ? `quote-${credits}-${plan}` : null,
        credits,
        plan,
        unit_price: unit,
        discount_percent: discount,
        amount_cents: Math.round(credits * unit * (1 - discount / 100) * 100),
        currency: 'eur',
        purchasable,
        contact_sales: credits >= 500,
      };
    },
    attachQuote: async (quoteId, sessionId) => void attached.push([quoteId, sessionId]),
    ensureCustomer: async () => 'cus_1',
    createSession: async (params, key) => {
      keys.push(key);
      const seen = byKey.get(key);
      if (seen) {
        if (seen.params !== JSON.stringify(params)) throw new BillingError(409, 'request_reused', 'reused');
        return { id: seen.id, url: `https://pay.example/${seen.id}`, replayed: true };
      }
      sessions.push(params);
      const id = `cs_${sessions.length}`;
      byKey.set(key, { params: JSON.stringify(params), id });
      return { id, url: `https://pay.example/${id}`, replayed: false };
    },
    recordStarted: async (...args) => void started.push(args),
  };
  return { d, sessions, started, keys, attached };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e) => (e instanceof BillingError ? { status: e.status, code: e.code } : e),
  );

describe('plan checkout', () => {
  it('prices the plan from the configuration, whatever the browser sends', async () => {
    const { d, sessions, started } = deps();
    const out = await createPlanCheckout(
      'u1',
      { price_id: 'pro', mode: 'subscription', metadata: { plan: 'pro', amount: 1 }, ...urls },
      d,
    );
    expect(out).toEqual({ url: 'https://pay.example/cs_1', session_id: 'cs_1', plan: 'pro' });
    expect(sessions[0]).toMatchObject({
      mode: 'subscription',
      customer: 'cus_1',
      line_items: [{ price: 'price_p', quantity: 1 }],
      metadata: { user_id: 'u1', plan: 'pro', previous_plan: 'free' },
      subscription_data: { metadata: { user_id: 'u1', plan: 'pro' } },
    });
    expect(started).toEqual([
      ['u1', 'plan', 'cs_1', { plan: 'pro', price_id: 'price_p', amount: 50, currency: 'eur' }],
    ]);
  });

  it('reads the tier from a configured price id, plan or metadata, and refuses disagreement', () => {
    expect(requestedPlan(config, { price_id: 'price_a' })).toBe('advanced');
    expect(requestedPlan(config, { metadata: { plan: 'lite' } })).toBe('lite');
    expect(() => requestedPlan(config, { price_id: 'price_a', metadata: { plan: 'lite' } })).toThrow(
      'Invalid pricing tier selected',
    );
    expect(() => requestedPlan(config, {})).toThrow('Invalid pricing tier selected');
    expect(() => requestedPlan(config, { plan: 'free' })).toThrow('Invalid pricing tier selected');
  });

  it('refuses the current plan, a lower plan, another origin', async () => {
    expect(
      await refusal(createPlanCheckout('u1', { plan: 'pro', ...urls }, deps({ plan: 'pro' }).d)),
    ).toEqual({ status: 409, code: 'current_plan' });
    expect(
      await refusal(createPlanCheckout('u1', { plan: 'lite', ...urls }, deps({ plan: 'advanced' }).d)),
    ).toEqual({ status: 409, code: 'downgrade_not_checkout' });
    expect(
      await refusal(
        createPlanCheckout('u1', { plan: 'pro', ...urls, success_url: 'https://evil.example/' }, deps().d),
      ),
    ).toEqual({ status: 400, code: 'invalid_return_url' });
  });
});

describe('credit checkout', () => {
  it('charges the quote for the seller’s plan and refuses an amount that disagrees', async () => {
    const { d, sessions, attached } = deps({ plan: 'pro' });
    const out = await createCreditCheckout(
      'u1',
      { credits: 200, amount: 31500, currency: 'eur', ...urls },
      d,
    );
    expect(out).toMatchObject({ credits: 200, amount_cents: 31500 });
    // the kept quote is bound to the session the webhook will see, and named in its metadata
    expect(attached).toEqual([['quote-200-pro', out.session_id]]);
    expect(sessions[0].metadata).toMatchObject({ quote_id: 'quote-200-pro', credits: '200', plan: 'pro' });
    expect(sessions[0].line_items[0]).toEqual({
      price_data: {
        currency: 'eur',
        unit_amount: 31500,
        product_data: { name: '200 Drape credits', description: '€1.75 per credit, 10% volume discount' },
      },
      quantity: 1,
    });
    expect(await refusal(createCreditCheckout('u1', { credits: 200, amount: 100, ...urls }, d))).toEqual({
      status: 409,
      code: 'price_changed',
    });
  });

  it('refuses the free plan and sends 500 to sales', async () => {
    expect(await refusal(createCreditCheckout('u1', { credits: 25, ...urls }, deps().d))).toEqual({
      status: 403,
      code: 'packs_paid_plans_only',
    });
    expect(
      await refusal(createCreditCheckout('u1', { credits: 500, ...urls }, deps({ plan: 'pro' }).d)),
    ).toEqual({ status: 400, code: 'contact_sales' });
    expect(
      await refusal(createCreditCheckout('u1', { credits: '25', ...urls }, deps({ plan: 'pro' }).d)),
    ).toEqual({ status: 400, code: 'invalid_credit_amount' });
  });
});

describe('a pack size off the slider', () => {
  it('is 400 invalid_credit_amount before the quote or Stripe, however large', async () => {
    for (const credits of [1e308, 2 ** 31, 2 ** 53, 501, 24, 0, -25, 25.5, Number.NaN, null]) {
      const { d, sessions } = deps({ plan: 'pro' });
      let quoted = false;
      // as the SQL answers a value past integer: a plain error, which the function makes a 502
      d.quote = async () => {
        quoted = true;
        throw new Error('value "1e+308" is out of range for type integer');
      };
      expect(await refusal(createCreditCheckout('u1', { credits, ...urls }, d)), String(credits)).toEqual({
        status: 400,
        code: 'invalid_credit_amount',
      });
      expect(quoted).toBe(false);
      expect(sessions).toEqual([]);
    }
  });
});

describe('one session per seller action', () => {
  it('the same request id again (a double tap, a lost answer) gets the first session, recorded once', async () => {
    const plan = deps();
    const body = { plan: 'pro', ...urls };
    const first = await createPlanCheckout('u1', body, plan.d);
    const again = await createPlanCheckout('u1', body, plan.d);
    expect(again).toEqual(first);
    expect(plan.sessions).toHaveLength(1);
    expect(plan.started).toHaveLength(1);
    expect(plan.keys).toEqual(['drape-checkout-plan-u1-press-0001', 'drape-checkout-plan-u1-press-0001']);
    // another press is another session
    await createPlanCheckout('u1', { ...body, request_id: 'press-0002' }, plan.d);
    expect(plan.sessions).toHaveLength(2);

    const pack = deps({ plan: 'pro' });
    const packBody = { credits: 100, amount: 16625, currency: 'eur', ...urls };
    const a = await createCreditCheckout('u1', packBody, pack.d);
    expect(await createCreditCheckout('u1', packBody, pack.d)).toEqual(a);
    expect(pack.sessions).toHaveLength(1);
    expect(pack.started).toHaveLength(1);
    expect(pack.keys[0]).toBe('drape-checkout-credits-u1-press-0001');
  });

  it('refuses a missing or malformed request id before anything reaches Stripe', async () => {
    const { d, sessions } = deps();
    const { request_id: _id, ...noId } = urls;
    expect(await refusal(createPlanCheckout('u1', { plan: 'pro', ...noId }, d))).toEqual({
      status: 400,
      code: 'request_id_invalid',
    });
    expect(
      await refusal(
        createCreditCheckout('u1', { credits: 100, ...noId, request_id: 'a b' }, deps({ plan: 'pro' }).d),
      ),
    ).toEqual({ status: 400, code: 'request_id_invalid' });
    expect(sessions).toEqual([]);
  });
});

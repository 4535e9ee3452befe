import { describe, expect, it } from 'vitest';
import { cancelAtPeriodEnd, type CancelDeps, type SubscriptionState } from './cancel.ts';

function deps(sub: SubscriptionState | null, provider?: (id: string, key: string) => Promise<void>) {
  const calls: string[] = [];
  const d: CancelDeps = {
    load: async () => sub,
    cancelAtProvider: provider
      ? async (id, key) => {
          calls.push(`provider:${id}:${key}`);
          return provider(id, key);
        }
      : null,
    markCancelled: async (userId) => {
      calls.push(`mark:${userId}`);
      return { ...sub!, cancel_at_period_end: true };
    },
  };
  return { d, calls };
}

const pro: SubscriptionState = {
  plan: 'pro',
  cancel_at_period_end: false,
  stripe_subscription_id: null,
  current_period_end: '2026-12-22T00:00:00Z',
};

describe('cancelAtPeriodEnd', () => {
  it('marks a paid subscription to end at the period end', async () => {
    const { d, calls } = deps(pro);
    const out = await cancelAtPeriodEnd('u1', 'press-0001', d);
    expect(out).toEqual({ ok: true, subscription: { ...pro, cancel_at_period_end: true } });
    expect(calls).toEqual(['mark:u1']);
  });

  it('refuses the free plan and a pending cancellation', async () => {
    expect(await cancelAtPeriodEnd('u1', 'press-0001', deps({ ...pro, plan: 'free' }).d)).toMatchObject({
      ok: false,
      code: 'free_plan',
      status: 400,
    });
    expect(
      await cancelAtPeriodEnd('u1', 'press-0001', deps({ ...pro, cancel_at_period_end: true }).d),
    ).toMatchObject({
      ok: false,
      code: 'already_cancelling',
    });
    expect(await cancelAtPeriodEnd('u1', 'press-0001', deps(null).d)).toMatchObject({
      ok: false,
      code: 'no_subscription',
    });
  });

  it('cancels at the card provider first, and changes nothing when that fails', async () => {
    const ok = deps({ ...pro, stripe_subscription_id: 'sub_123' }, async () => undefined);
    expect((await cancelAtPeriodEnd('u1', 'press-0001', ok.d)).ok).toBe(true);
    expect(ok.calls).toEqual(['provider:sub_123:drape-cancel-u1-press-0001', 'mark:u1']);

    const down = deps({ ...pro, stripe_subscription_id: 'sub_123' }, async () => {
      throw new Error('provider down');
    });
    expect(await cancelAtPeriodEnd('u1', 'press-0001', down.d)).toMatchObject({
      ok: false,
      code: 'provider_failed',
      status: 502,
    });
    expect(down.calls).toEqual(['provider:sub_123:drape-cancel-u1-press-0001']);
  });

  it('refuses a press without a request id', async () => {
    const { d, calls } = deps({ ...pro, stripe_subscription_id: 'sub_123' }, async () => undefined);
    expect(await cancelAtPeriodEnd('u1', null, d)).toMatchObject({ ok: false, code: 'request_id_invalid' });
    expect(calls).toEqual([]);
  });
});

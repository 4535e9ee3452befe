import { describe, expect, it } from 'vitest';
import { canCancel, creditsSummary, isLowOnCredits, showsUpgrade } from '../plan.ts';

describe('credits dropdown facts', () => {
  it('offers Upgrade on free, lite and pro only', () => {
    expect(['free', 'lite', 'pro', 'advanced'].map((p) => showsUpgrade(p as never))).toEqual([true, true, true, false]);
  });

  it('adds remaining and used for the cycle; rollover is 0', () => {
    expect(creditsSummary({ credits_remaining: 7, credits_used: 13 })).toEqual({ remaining: 7, used: 13, cycle: 20, rollover: 0, totalAvailable: 7, empty: false });
    expect(creditsSummary({ credits_remaining: 0, credits_used: 2 }).empty).toBe(true);
  });

  it('reads numeric strings (Postgres numeric) as numbers', () => {
    expect(creditsSummary({ credits_remaining: '1.85' as never, credits_used: '0.15' as never }).cycle).toBe(2);
  });
});

describe('low credits rule', () => {
  it('applies at 3 or fewer on paid plans', () => {
    expect(isLowOnCredits({ plan: 'lite', credits_remaining: 3 })).toBe(true);
    expect(isLowOnCredits({ plan: 'pro', credits_remaining: 0 })).toBe(true);
    expect(isLowOnCredits({ plan: 'pro', credits_remaining: 4 })).toBe(false);
  });
  it('exempts the free plan', () => {
    expect(isLowOnCredits({ plan: 'free', credits_remaining: 0 })).toBe(false);
  });
});

describe('cancellation', () => {
  it('is possible on a paid plan without a pending cancellation', () => {
    expect(canCancel({ plan: 'pro', cancel_at_period_end: false })).toBe(true);
    expect(canCancel({ plan: 'pro', cancel_at_period_end: true })).toBe(false);
    expect(canCancel({ plan: 'free', cancel_at_period_end: false })).toBe(false);
  });
});

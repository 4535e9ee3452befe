import { describe, expect, it } from 'vitest';
import { canCancel, canCreateVideo, creditsSummary, isLowOnCredits, showsUpgrade } from '../plan.ts';
import { buildPlanFacts } from './builders.ts';

describe('credits dropdown facts', () => {
  it('offers Upgrade on free, lite and pro only', () => {
    expect(['free', 'lite', 'pro', 'advanced'].map((p) => showsUpgrade(p as never))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('adds remaining and used for the cycle; no rollover on record is 0', () => {
    expect(creditsSummary({ credits_remaining: 7, credits_used: 13 })).toEqual({
      remaining: 7,
      used: 13,
      cycle: 20,
      cycleRemaining: 7,
      rollover: 0,
      totalAvailable: 7,
      empty: false,
    });
    expect(creditsSummary({ credits_remaining: 0, credits_used: 2 }).empty).toBe(true);
  });

  it("shows the server's rollover inside the balance: cycle plus rollover is the total", () => {
    expect(creditsSummary({ credits_remaining: 35, credits_used: 5, rollover_credits: 15 })).toMatchObject({
      cycleRemaining: 20,
      rollover: 15,
      totalAvailable: 35,
    });
    // never more than the balance (a row edited by hand)
    expect(creditsSummary({ credits_remaining: 4, credits_used: 0, rollover_credits: 9 })).toMatchObject({
      cycleRemaining: 0,
      rollover: 4,
      totalAvailable: 4,
    });
  });

  it('reads numeric strings (Postgres numeric) as numbers', () => {
    expect(creditsSummary({ credits_remaining: '1.85' as never, credits_used: '0.15' as never }).cycle).toBe(
      2,
    );
  });
});

describe('low credits rule', () => {
  it("applies at or below the plan's threshold on plans with alerts", () => {
    expect(isLowOnCredits({ credits_remaining: 3 }, buildPlanFacts('lite'))).toBe(true);
    expect(isLowOnCredits({ credits_remaining: 0 }, buildPlanFacts('pro'))).toBe(true);
    expect(isLowOnCredits({ credits_remaining: 4 }, buildPlanFacts('pro'))).toBe(false);
  });
  it('follows the threshold public.plans gives, not a number of its own', () => {
    expect(
      isLowOnCredits({ credits_remaining: 4.5 }, buildPlanFacts('pro', { low_credit_threshold: 5 })),
    ).toBe(true);
    expect(isLowOnCredits({ credits_remaining: 2 }, buildPlanFacts('pro', { low_credit_threshold: 1 }))).toBe(
      false,
    );
  });
  it('exempts plans without alerts (the free plan), and says no while the facts are unknown', () => {
    expect(isLowOnCredits({ credits_remaining: 0 }, buildPlanFacts('free'))).toBe(false);
    expect(isLowOnCredits({ credits_remaining: 0 }, undefined)).toBe(false);
  });
});

describe('video', () => {
  it('is a plan fact', () => {
    expect(canCreateVideo(buildPlanFacts('advanced'))).toBe(true);
    expect(canCreateVideo(buildPlanFacts('pro'))).toBe(false);
    expect(canCreateVideo(buildPlanFacts('pro', { video: true }))).toBe(true);
    expect(canCreateVideo(null)).toBe(false);
  });
});

describe('cancellation', () => {
  it('is possible on a paid plan without a pending cancellation', () => {
    expect(canCancel({ plan: 'pro', cancel_at_period_end: false })).toBe(true);
    expect(canCancel({ plan: 'pro', cancel_at_period_end: true })).toBe(false);
    expect(canCancel({ plan: 'free', cancel_at_period_end: false })).toBe(false);
  });
});

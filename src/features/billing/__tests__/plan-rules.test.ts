import { describe, expect, it } from 'vitest';
import { downgradeWindow, tierAction } from '../plan-rules.ts';

describe('tier buttons by plan rank', () => {
  it('free gets Get started; the current plan is Current plan; higher Upgrade, lower Downgrade; Enterprise Contact Us', () => {
    expect(['lite', 'pro', 'advanced', 'enterprise'].map((t) => tierAction('free', t as 'lite'))).toEqual([
      'get_started',
      'get_started',
      'get_started',
      'contact',
    ]);
    expect(['lite', 'pro', 'advanced'].map((t) => tierAction('pro', t as 'lite'))).toEqual([
      'downgrade',
      'current',
      'upgrade',
    ]);
    expect(tierAction('advanced', 'lite')).toBe('downgrade');
  });
});

describe('downgrade window', () => {
  const end = '2026-12-22T10:00:00Z';
  it('opens 7 days before the period end', () => {
    expect(downgradeWindow(end, new Date('2026-12-15T09:59:59Z')).open).toBe(false);
    expect(downgradeWindow(end, new Date('2026-12-15T10:00:00Z')).open).toBe(true);
    expect(downgradeWindow(end).opensAt.toISOString()).toBe('2026-12-15T10:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import { activityItems, matchesSearch, purchaseItems, sortByDate } from '../history-items.ts';
import { currencySymbol } from '../money.ts';

const log = (
  id: string,
  event_type: string,
  raw_data: Record<string, unknown>,
  created_at = '2026-11-20T10:00:00Z',
) => ({ id, event_type, raw_data, created_at });

describe('purchase history', () => {
  it('reads each billing row; a credit purchase without an amount costs credits × 1.75', () => {
    const items = purchaseItems([
      log('1', 'credit_purchase_processed', { credits_added: 200, amount: 315, currency: 'eur' }),
      log('2', 'credit_purchase_processed', { credits_added: 40 }),
      log('3', 'plan_determination', { plan: 'free', determined_plan: 'pro', amount: 50, status: 'paid' }),
      log('4', 'subscription_updated', { plan: 'pro', status: 'renewed', amount: 50 }),
      log('5', 'subscription_updated', {
        plan: 'pro',
        status: 'downgrade_scheduled',
        scheduled_plan: 'lite',
        effective_at: '2026-12-20T00:00:00Z',
      }),
      log('6', 'subscription_plan_changed', { plan: 'pro', previous_plan: 'free', status: 'active' }),
      log('7', 'subscription_updated', { status: 'something_else' }),
    ]);
    expect(items.map((i) => [i.event, i.type, i.amount])).toEqual([
      ['credits', 'credits', 315],
      ['credits', 'credits', 70],
      ['plan_purchase', 'subscription', 50],
      ['renewal', 'subscription', 50],
      ['downgrade_scheduled', 'subscription', null],
      ['plan_changed', 'subscription', null],
    ]);
    expect(items[4]).toMatchObject({
      plan: 'lite',
      previousPlan: 'pro',
      effectiveAt: '2026-12-20T00:00:00Z',
    });
  });

  it('uses $ for usd and € otherwise', () => {
    expect([
      currencySymbol('usd'),
      currencySymbol('USD'),
      currencySymbol('eur'),
      currencySymbol(null),
      currencySymbol('gbp'),
    ]).toEqual(['$', '$', '€', '€', '€']);
  });
});

describe('activity history', () => {
  it('projects (created or completed), fixes and tool uses, with what they cost', () => {
    const items = activityItems(
      [
        {
          id: 'p1',
          name: 'Linen dress',
          type: 'on-model',
          status: 'completed',
          created_at: '2026-11-01T00:00:00Z',
          updated_at: '2026-11-02T00:00:00Z',
          credits_charged: '3.00',
        },
      ],
      [
        {
          id: 'f1',
          project_id: 'p1',
          status: 'pending',
          created_at: '2026-11-03T00:00:00Z',
          projects: { name: 'Linen dress', type: 'on-model' },
        },
      ],
      [log('t1', 'user_activity_tool_used', { toolName: 'background-remover', creditsUsed: 0.4 })],
    );
    expect(items.map((i) => [i.type, i.date, i.credits])).toEqual([
      ['project_completed', '2026-11-02T00:00:00Z', 3],
      ['fix_requested', '2026-11-03T00:00:00Z', null],
      ['tool_used', '2026-11-20T10:00:00Z', 0.4],
    ]);
  });

  it('searches case-insensitively and sorts by date both ways', () => {
    expect(matchesSearch(['Created project "Wool Coat"', 'Nov 2, 2026'], 'wool')).toBe(true);
    expect(matchesSearch(['Created project "Wool Coat"'], 'silk')).toBe(false);
    expect(matchesSearch(['x'], '  ')).toBe(true);
    const rows = [
      { id: 'a', date: '2026-11-02T00:00:00Z' },
      { id: 'b', date: '2026-11-03T00:00:00Z' },
      { id: 'c', date: '2026-11-01T00:00:00Z' },
    ];
    expect(sortByDate(rows, 'desc').map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(sortByDate(rows, 'asc').map((r) => r.id)).toEqual(['c', 'a', 'b']);
  });
});

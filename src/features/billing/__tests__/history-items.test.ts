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
  it('is the ledger: one row per movement with its signed credits, plus completed projects and free fixes', () => {
    const at = (h: string) => `2026-11-20T${h}:00Z`;
    const ledger = [
      {
        id: 'l1',
        amount: '2.00',
        reason: 'signup_bonus',
        reference: 'signup',
        refund_of: null,
        details: {},
        created_at: at('07:00'),
      },
      {
        id: 'l2',
        amount: '-1.00',
        reason: 'generation',
        reference: 'project:p1',
        refund_of: null,
        details: { projectId: 'p1' },
        created_at: at('07:57'),
      },
      {
        id: 'l3',
        amount: '1.00',
        reason: 'refund',
        reference: 'image:i1',
        refund_of: 'l2',
        details: { charge_id: 'l2', charge_reason: 'generation' },
        created_at: at('08:08'),
      },
      {
        id: 'l4',
        amount: '-1.00',
        reason: 'fix',
        reference: 'fix:f1',
        refund_of: null,
        details: { fixId: 'f1', projectId: 'p1' },
        created_at: at('09:00'),
      },
      {
        id: 'l5',
        amount: '-3.00',
        reason: 'video',
        reference: null,
        refund_of: null,
        details: { projectId: 'p1', videoStyle: 'zoom-in' },
        created_at: at('10:00'),
      },
      {
        id: 'l6',
        amount: '-0.40',
        reason: 'tool',
        reference: null,
        refund_of: null,
        details: { tool: 'background-remover' },
        created_at: at('11:00'),
      },
      {
        id: 'l7',
        amount: '10.00',
        reason: 'purchase',
        reference: 'cs_1',
        refund_of: null,
        details: { amountCents: 1750 },
        created_at: at('12:00'),
      },
      {
        id: 'l8',
        amount: '50.00',
        reason: 'plan_grant',
        reference: 'period:x',
        refund_of: null,
        details: { plan: 'pro' },
        created_at: at('13:00'),
      },
      {
        id: 'l9',
        amount: '-4.00',
        reason: 'expiry',
        reference: 'period:y',
        refund_of: null,
        details: { plan: 'pro' },
        created_at: at('14:00'),
      },
    ];
    const items = activityItems(
      ledger,
      [
        {
          id: 'p1',
          name: 'Linen dress',
          type: 'on-model',
          status: 'completed',
          created_at: at('07:57'),
          updated_at: at('08:10'),
          video_status: 'completed',
        },
      ],
      [
        {
          id: 'f1',
          project_id: 'p1',
          status: 'pending',
          created_at: at('09:00'),
          projects: { name: 'Linen dress', type: 'on-model' },
        },
        {
          id: 'f2',
          project_id: 'p1',
          status: 'completed',
          created_at: at('09:30'),
          projects: { name: 'Linen dress', type: 'on-model' },
        },
      ],
    );
    expect(items.map((i) => [i.type, i.credits, i.projectName, i.status])).toEqual([
      ['welcome_credits', 2, null, 'completed'],
      ['project_created', -1, 'Linen dress', 'completed'],
      ['refund', 1, 'Linen dress', 'completed'],
      ['fix_requested', -1, 'Linen dress', 'pending'],
      ['video_requested', -3, 'Linen dress', 'completed'],
      ['tool_used', -0.4, null, 'completed'],
      ['credits_purchased', 10, null, 'completed'],
      ['plan_credits', 50, null, 'completed'],
      ['credits_expired', -4, null, 'completed'],
      ['project_completed', null, 'Linen dress', 'completed'],
      ['fix_requested', 0, 'Linen dress', 'completed'],
    ]);
    expect(items[2]).toMatchObject({ refundOf: 'generation', projectId: 'p1' });
    expect(items[5]).toMatchObject({ toolName: 'background-remover' });
    // the money rows add up to the ledger
    const rows = items.filter((i) => i.ledgerId !== null);
    expect(rows.map((i) => i.ledgerId)).toEqual(ledger.map((l) => l.id));
    const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;
    expect(sum(rows.map((i) => i.credits ?? 0))).toBe(sum(ledger.map((l) => Number(l.amount))));
    // sorted by the timestamp, newest first: 08:08 above 07:57
    expect(
      sortByDate(items, 'desc')
        .slice(-3)
        .map((i) => i.date),
    ).toEqual([at('08:08'), at('07:57'), at('07:00')]);
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

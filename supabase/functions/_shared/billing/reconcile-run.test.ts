import { describe, expect, it } from 'vitest';
import { billingConfig } from './config.ts';
import { reconcileConfig } from './reconcile.ts';
import { type ReconcileRunDeps, runReconciliation } from './reconcile-run.ts';

const billing = billingConfig((name) => ({ STRIPE_PRICE_LITE: 'price_l' })[name]);
const config = reconcileConfig(() => undefined);
const START = 1_900_000_000;
const END = 1_902_592_000;
const claimed = (id: string, attempts = 1) => ({
  user_id: `u_${id}`,
  subscription_id: id,
  customer_id: 'cus_1',
  plan: 'lite',
  status: 'active',
  current_period_start: new Date(START * 1000).toISOString(),
  current_period_end: new Date(END * 1000).toISOString(),
  attempts,
});
const paidInvoice = (id: string, start: number, end: number) => ({
  id,
  object: 'invoice',
  status: 'paid',
  customer: 'cus_1',
  billing_reason: 'subscription_cycle',
  amount_paid: 4000,
  currency: 'eur',
  parent: { subscription_details: { subscription: 'sub_paid', metadata: { user_id: 'u_sub_paid' } } },
  lines: { data: [{ period: { start, end }, pricing: { price_details: { price: 'price_l' } } }] },
});

/** A service client whose rpc answers claim with `rows` and records every finish; `failApply` refuses finishes with events. */
function fakeService(rows: unknown[], failApply = false) {
  const finishes: Record<string, unknown>[] = [];
  const service = {
    rpc: async (name: string, args: Record<string, unknown>) => {
      if (name === 'claim_stripe_reconciliation') return { data: rows, error: null };
      finishes.push(args);
      if (failApply && (args.events as unknown[]).length > 0)
        return { data: null, error: { message: 'Invalid billing period' } };
      return { data: { outcome: args.outcome }, error: null };
    },
  };
  return { service: service as unknown as ReconcileRunDeps['service'], finishes };
}

describe('runReconciliation', () => {
  it('asks Stripe about each claimed subscription and finishes each with its outcome and back-off', async () => {
    const { service, finishes } = fakeService([
      claimed('sub_paid'),
      claimed('sub_gone', 3),
      claimed('sub_down', 2),
    ]);
    const listed: string[] = [];
    const report = await runReconciliation({
      service,
      billing,
      config,
      retrieve: async (id) => {
        if (id === 'sub_gone')
          throw Object.assign(new Error('No such subscription'), { code: 'resource_missing' });
        if (id === 'sub_down') throw new Error('connect ECONNREFUSED');
        return {
          id,
          status: 'active',
          items: { data: [] },
          latest_invoice: paidInvoice('in_2', END + 2_592_000, END + 5_184_000),
        };
      },
      paidInvoices: async (id) => {
        listed.push(id);
        return [paidInvoice('in_1', END, END + 2_592_000)];
      },
    });
    expect(listed).toEqual(['sub_paid']); // a gap: two periods missed
    expect(report).toMatchObject({ checked: 3, paid: 1, waiting: 1, ended: 0 });
    expect(report.errors).toEqual(['sub_down: connect ECONNREFUSED']);
    expect(finishes.map((f) => [f.subscription_id, f.outcome, f.reason, f.retry_after_seconds])).toEqual([
      ['sub_paid', 'paid', 'invoice_paid', 900],
      ['sub_gone', 'waiting', 'unknown_at_stripe', 3600],
      ['sub_down', 'error', 'connect ECONNREFUSED', 1800],
    ]);
    expect((finishes[0].events as { id: string }[]).map((e) => e.id)).toEqual([
      'reconcile:in_1',
      'reconcile:in_2',
    ]);
  });

  it('an apply that fails is recorded as an error with its back-off, without the events', async () => {
    const { service, finishes } = fakeService([claimed('sub_paid')], true);
    const report = await runReconciliation({
      service,
      billing,
      config,
      retrieve: async (id) => ({
        id,
        status: 'active',
        items: { data: [] },
        latest_invoice: paidInvoice('in_1', END, END + 2_592_000),
      }),
      paidInvoices: async () => [],
    });
    expect(finishes.map((f) => [f.outcome, (f.events as unknown[]).length])).toEqual([
      ['paid', 1],
      ['error', 0],
    ]);
    expect(finishes[1].reason).toBe('apply: Invalid billing period');
    expect(report).toMatchObject({
      checked: 1,
      paid: 0,
      errors: ['sub_paid: apply: Invalid billing period'],
    });
  });
});

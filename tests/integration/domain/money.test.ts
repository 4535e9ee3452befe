// Money through the official client, on PostgreSQL (where requests really run at once):
// 30 concurrent generation starts by a user with 2 credits, and failures reported twice.
import { describe, expect, inject, it } from 'vitest';
import { serviceClient } from '../../support/clients.ts';
import { must, recordUpload, selection, seller } from '../../support/domain.ts';

const onPostgres = inject('stack').dbKind === 'postgres';

async function balanceAndLedger(userId: string) {
  const admin = serviceClient();
  const sub = must(
    await admin.from('subscriptions').select('credits_remaining').eq('user_id', userId).single(),
  ) as { credits_remaining: number };
  const ledger = must(
    await admin.from('credit_ledger').select('amount, balance_after, reason').eq('user_id', userId),
  ) as {
    amount: number;
    balance_after: number;
    reason: string;
  }[];
  return {
    balance: Number(sub.credits_remaining),
    ledgerSum: Math.round(ledger.reduce((s, l) => s + Number(l.amount), 0) * 100) / 100,
    lowest: Math.min(...ledger.map((l) => Number(l.balance_after))),
    ledger,
  };
}

describe.runIf(onPostgres)('money through supabase-js (PostgreSQL)', () => {
  it('30 concurrent starts with 2 credits: exactly 2 succeed, balance 0, never negative, ledger = balance', async () => {
    const user = await seller();
    const product = await recordUpload(user.client, user.id);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => user.client.rpc('start_generation', selection(product))),
    );
    const ok = results.filter((r) => !r.error);
    const refused = results.filter((r) => r.error);
    expect(ok).toHaveLength(2);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.error).toMatchObject({
        code: 'P0001',
        message: 'Insufficient credits. Need 1.00 but only have 0.00',
        hint: 'insufficient_credits',
      });
    }
    const m = await balanceAndLedger(user.id);
    expect(m.balance).toBe(0);
    expect(m.ledgerSum).toBe(0);
    expect(m.lowest).toBeGreaterThanOrEqual(0);
    const projects = must(
      await user.client.from('projects').select('name, images(status)').order('name'),
    ) as any[];
    expect(projects.map((p) => p.name)).toEqual(['Untitled Project', 'Untitled Project1']);
    expect(projects.every((p) => p.images.length === 1)).toBe(true);
  });

  it('a refund happens once even when the failure is reported twice at once', async () => {
    const user = await seller();
    const product = await recordUpload(user.client, user.id);
    const project = must(
      await user.client.rpc('start_generation', selection(product, { pose_ids: [1, 2] })),
    ) as any;
    const admin = serviceClient();
    const imageId = project.images[0].id;
    const reports = await Promise.all(
      [1, 2, 3, 4].map(() =>
        admin.rpc('report_image_outcome', { image_id: imageId, status: 'failed', error: 'provider timeout' }),
      ),
    );
    expect(reports.map((r) => r.error)).toEqual([null, null, null, null]);
    expect(reports.filter((r) => (r.data as any).changed)).toHaveLength(1);
    // and once more, later, through a plain update of the row
    must(await admin.from('images').update({ status: 'failed' }).eq('id', imageId));
    const m = await balanceAndLedger(user.id);
    expect(m.balance).toBe(1);
    expect(m.ledgerSum).toBe(1);
    expect(m.ledger.filter((l) => l.reason === 'refund')).toHaveLength(1);
    const p = must(await user.client.from('projects').select('status').eq('id', project.id).single());
    expect(p).toEqual({ status: 'failed' });
  });
});

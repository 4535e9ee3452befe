// Money under concurrency, on PostgreSQL (PGlite has one connection, so nothing there runs
// concurrently): many generation starts at once by a user with 2 credits, and failures
// reported several times at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  openDomainDb,
  rpcAs,
  selection,
  sqlAs,
  sqlBalance,
  sqlUpload,
  sqlUser,
} from '../../support/domain.ts';

const onPostgres = inject('stack').dbKind === 'postgres';

describe.runIf(onPostgres)('money under concurrency (PostgreSQL)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDomainDb({ poolSize: 32 });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('30 concurrent starts with 2 credits: exactly 2 succeed, balance 0, ledger equals balance', async () => {
    const u = await sqlUser(db);
    const product = await sqlUpload(db, u.id);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => rpcAs(db, { user: u.id }, 'start_generation', selection(product))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(2);
    expect(new Set(refused.map((r) => r.reason.message))).toEqual(
      new Set(['Insufficient credits. Need 1.00 but only have 0.00']),
    );
    const b = await sqlBalance(db, u.id);
    expect(b).toMatchObject({ remaining: 0, ledgerSum: 0 });
    const names = await sqlAs(
      db,
      'service',
      'select name from public.projects where user_id = $1 order by name',
      [u.id],
    );
    expect(names.map((n) => n.name)).toEqual(['Untitled Project', 'Untitled Project1']);
    const [min] = await sqlAs(
      db,
      'service',
      'select min(balance_after)::text as m from public.credit_ledger where user_id = $1',
      [u.id],
    );
    expect(Number(min.m)).toBeGreaterThanOrEqual(0);
  });

  it('a failure reported 10 times at once refunds once', async () => {
    const u = await sqlUser(db);
    const p = await rpcAs(
      db,
      { user: u.id },
      'start_generation',
      selection(await sqlUpload(db, u.id), { pose_ids: [1, 2] }),
    );
    const imageId = p.images[0].id;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        rpcAs(db, 'service', 'report_image_outcome', { image_id: imageId, status: 'failed', error: 'boom' }),
      ),
    );
    const b = await sqlBalance(db, u.id);
    expect(b).toMatchObject({ remaining: 1, ledgerSum: 1 });
    const refunds = await sqlAs(
      db,
      'service',
      `select count(*)::int as n from public.credit_ledger where user_id = $1 and reason = 'refund'`,
      [u.id],
    );
    expect(refunds[0].n).toBe(1);
  });

  it('concurrent charges and refunds of tools never go negative and always add up', async () => {
    const u = await sqlUser(db);
    const charges = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        rpcAs(db, { user: u.id }, 'charge_tool_use', { tool: 'background-remover' }),
      ),
    );
    const ok = charges.filter((r): r is PromiseFulfilledResult<any> => r.status === 'fulfilled');
    expect(ok).toHaveLength(5); // 5 x 0.40 = 2.00
    await Promise.all(
      ok.flatMap((r) =>
        [r.value.charge_id, r.value.charge_id].map((id) =>
          rpcAs(db, 'service', 'refund_charge', { charge_id: id }),
        ),
      ),
    );
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 2, ledgerSum: 2 });
  });
});

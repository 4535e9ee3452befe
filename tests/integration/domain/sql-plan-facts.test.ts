// Plan facts live in public.plans: the app reads them there, and the low-credits rule reads
// the same row's threshold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../supabase/local/db/database.ts';
import { openDomainDb, sqlAs, sqlSetPlan, sqlUser } from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb();
});
afterAll(async () => {
  await db?.close();
});

/** Runs fn in a transaction that is rolled back (the plans row is shared by the whole suite). */
async function rolledBack<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const marker = { result: undefined as T };
  await db
    .transaction(async (tx) => {
      marker.result = await fn(tx);
      throw marker;
    })
    .catch((err) => {
      if (err !== marker) throw err;
    });
  return marker.result;
}

describe('public.plans', () => {
  it('answers every plan fact the screens show, to anyone', async () => {
    const plans = await sqlAs(
      db,
      'anon',
      `select id, monthly_credits::float8 as credits, price_eur::float8 as price,
      low_credit_alerts, low_credit_threshold::float8 as threshold, video from public.plans order by rank`,
    );
    expect(plans).toEqual([
      { id: 'free', credits: 2, price: 0, low_credit_alerts: false, threshold: 3, video: false },
      { id: 'lite', credits: 20, price: 40, low_credit_alerts: true, threshold: 3, video: false },
      { id: 'pro', credits: 25, price: 50, low_credit_alerts: true, threshold: 3, video: false },
      { id: 'advanced', credits: 30, price: 60, low_credit_alerts: true, threshold: 3, video: true },
    ]);
  });

  it("the low-credits rule follows the plan's low_credit_threshold", async () => {
    const u = await sqlUser(db);
    await sqlSetPlan(db, u.id, 'lite', 6);
    const seen = await rolledBack(async (tx) => {
      const lows = async () =>
        (
          await tx.query(
            `select message from public.notifications where user_id = $1 and type = 'credits_low'`,
            [u.id],
          )
        ).rows.map((r) => r.message);
      await tx.query(`update public.plans set low_credit_threshold = 5 where id = 'lite'`);
      await tx.query(`select public.charge_credits($1::uuid, 0.5, 'tool')`, [u.id]); // 5.50: above
      const above = await lows();
      await tx.query(`select public.charge_credits($1::uuid, 0.5, 'tool')`, [u.id]); // 5: low at this plan's threshold
      return { above, at: await lows() };
    });
    expect(seen).toEqual({ above: [], at: ['You have only 5 credits left. Purchase more to continue.'] });
  });
});

// The local stack's timer for scheduled SQL (the pg_cron stand-in) closes due periods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import type { StackContext } from '../../../supabase/local/http.ts';
import { startScheduledJobs } from '../../../supabase/local/jobs/index.ts';
import { openDomainDb, sqlAs, sqlBalance, sqlUser } from '../../support/domain.ts';

let db: Database;
const closers: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  db = await openDomainDb();
});
afterAll(async () => {
  for (const fn of closers) await fn();
  await db?.close();
});

function context(): StackContext {
  return {
    db,
    log: () => {},
    onClose: (fn: () => Promise<void> | void) => closers.push(fn),
  } as unknown as StackContext;
}

async function dueUser() {
  const u = await sqlUser(db);
  await sqlAs(
    db,
    'service',
    `update public.subscriptions set period_anchor = now() - interval '1 month' - interval '1 hour',
    current_period_start = now() - interval '1 month' - interval '1 hour', current_period_end = now() - interval '1 hour'
    where user_id = $1`,
    [u.id],
  );
  return u;
}

describe('scheduled jobs timer', () => {
  it('runNow renews subscriptions whose period has ended', async () => {
    const u = await dueUser();
    const jobs = startScheduledJobs(context(), 0);
    const result: any = await jobs.runNow();
    // (the suite's own stack runs the same timer on this database, so count nothing global)
    expect(result).toMatchObject({ renewals: expect.any(Object), stuck_images_failed: expect.any(Number) });
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 4, ledgerSum: 4 });
    await jobs.stop();
  });

  it('runs on its interval until stopped', async () => {
    const u = await dueUser();
    const jobs = startScheduledJobs(context(), 50);
    const deadline = Date.now() + 10_000;
    while ((await sqlBalance(db, u.id)).remaining !== 4 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect((await sqlBalance(db, u.id)).remaining).toBe(4);
    await jobs.stop();
  });

  it('leaves a database without the function alone', async () => {
    const { openDatabase } = await import('../../../supabase/local/db/database.ts');
    const empty = await openDatabase({ dataDir: null });
    const jobs = startScheduledJobs(
      { db: empty, log: () => {}, onClose: () => {} } as unknown as StackContext,
      0,
    );
    expect(await jobs.runNow()).toBeNull();
    await jobs.stop();
    await empty.close();
  });
});

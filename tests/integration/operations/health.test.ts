// The deploy-day health report: public.deploy_health (service role only) names what the
// database lacks for its background work and the settings it cannot use; the `health`
// function adds the functions' own secrets; `npm run health` and the stack's start-up line
// print them. Settings live in private.settings (hosted Supabase refuses `alter database`).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import { fetchHealth, healthLines } from '../../../supabase/local/health.ts';
import { stack } from '../../support/clients.ts';
import { openDomainDb, rpcAs, sqlError, withRole } from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb({ poolSize: 2 });
});
afterAll(() => db.close());

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const ROLLBACK = new Error('rollback');

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What fn returns, in a transaction that is rolled back, so no other test sees its changes. */
async function inTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  let out: { value: T } | undefined;
  await db
    .transaction(async (tx) => {
      out = { value: await fn(tx) };
      throw ROLLBACK;
    })
    .catch((err) => {
      if (err !== ROLLBACK) throw err;
    });
  if (!out) throw new Error('no result');
  return out.value;
}

/** The report and the hold with stripe_cancel_hold_hours set to value (null: no row), in a
 * transaction that is rolled back, so no other test sees the setting. */
async function underSetting(value: string | null): Promise<{ checks: Check[]; holdSeconds: number }> {
  let out: { checks: Check[]; holdSeconds: number } | undefined;
  await db
    .transaction(async (tx) => {
      await tx.query('delete from private.settings where name = $1', ['stripe_cancel_hold_hours']);
      if (value !== null)
        await tx.query('insert into private.settings (name, value) values ($1, $2)', [
          'stripe_cancel_hold_hours',
          value,
        ]);
      const { rows } = await tx.query<{ r: string; hold: string }>(
        'select public.deploy_health()::text as r, extract(epoch from private.stripe_cancel_hold())::text as hold',
      );
      out = { checks: JSON.parse(rows[0].r).checks, holdSeconds: Number(rows[0].hold) };
      throw ROLLBACK;
    })
    .catch((err) => {
      if (err !== ROLLBACK) throw err;
    });
  if (!out) throw new Error('no report');
  return out;
}

describe('public.deploy_health', () => {
  it('names pg_cron, pg_net and Vault when they are missing, each with what to do', async () => {
    const report = await rpcAs<{ ok: boolean; checks: Check[] }>(db, 'service', 'deploy_health');
    const byName = Object.fromEntries(report.checks.map((c) => [c.name, c]));
    expect(Object.keys(byName)).toEqual(
      expect.arrayContaining(['pg_cron', 'pg_net', 'setting_stripe_cancel_hold_hours']),
    );
    for (const c of report.checks) expect(c.detail.length).toBeGreaterThan(0);
    // the test databases (PGlite, plain PostgreSQL) have neither pg_cron nor Vault
    expect(byName.pg_cron).toMatchObject({ ok: false });
    expect(byName.pg_cron.detail).toContain('nothing runs on a schedule');
    expect(byName.vault).toMatchObject({ ok: false });
    expect(report.ok).toBe(false);
  });

  it('is for the service role only', async () => {
    for (const who of ['anon', { user: randomUUID() }] as const)
      expect((await sqlError(rpcAs(db, who, 'deploy_health'))).code).toBe('42501');
  });

  it('reads the Stripe cancellation hold from private.settings and names a value it cannot use', async () => {
    const check = (checks: Check[]) => checks.find((c) => c.name === 'setting_stripe_cancel_hold_hours');
    const unset = await underSetting(null);
    expect(unset.holdSeconds).toBe(24 * 3600);
    expect(check(unset.checks)).toEqual({
      name: 'setting_stripe_cancel_hold_hours',
      ok: true,
      detail: 'not set: 24 hours',
    });
    const set = await underSetting('48');
    expect(set.holdSeconds).toBe(48 * 3600);
    expect(check(set.checks)).toMatchObject({ ok: true, detail: '48 hours' });
    const bad = await underSetting('two days');
    expect(bad.holdSeconds).toBe(24 * 3600);
    expect(check(bad.checks)).toMatchObject({
      ok: false,
      detail: "'two days' is not a number: 24 hours are used",
    });
  });

  it('checks every setting against its kind and range, and names a row that is no setting at all', async () => {
    const under = (rows: [string, string][]) =>
      inTransaction(async (tx) => {
        await tx.query('delete from private.settings');
        for (const [name, value] of rows)
          await tx.query('insert into private.settings (name, value) values ($1, $2)', [name, value]);
        const { rows: r } = await tx.query<{ r: string; per: number }>(
          'select public.deploy_health()::text as r, private.dispatch_per_seller() as per',
        );
        const checks: Check[] = JSON.parse(r[0].r).checks;
        return { per: r[0].per, check: (name: string) => checks.find((c) => c.name === name) };
      });
    const four = await under([['dispatch_per_seller', 'four']]);
    expect(four.per).toBe(4);
    expect(four.check('setting_dispatch_per_seller')).toEqual({
      name: 'setting_dispatch_per_seller',
      ok: false,
      detail: "'four' is not a whole number: 4 images are used",
    });
    const big = await under([['dispatch_per_seller', '500']]);
    expect(big.per).toBe(100);
    expect(big.check('setting_dispatch_per_seller')).toMatchObject({
      ok: false,
      detail: '500 is outside 1–100: 100 images are used',
    });
    const half = await under([['dispatch_per_seller', '2.5']]);
    expect(half.check('setting_dispatch_per_seller')).toMatchObject({ ok: false });
    const good = await under([['dispatch_per_seller', ' 8 ']]);
    expect(good.per).toBe(8);
    expect(good.check('setting_dispatch_per_seller')).toMatchObject({ ok: true, detail: '8 images' });
    const unset = await under([]);
    expect(unset.check('setting_dispatch_per_seller')).toMatchObject({
      ok: true,
      detail: 'not set: 4 images',
    });
    // the local stack's test push service: named wherever it is set, since a hosted project must not have it
    const local = await under([['push_service_local_origin', 'https://127.0.0.1:4443']]);
    expect(local.check('setting_push_service_local_origin')).toMatchObject({
      ok: false,
      detail: expect.stringContaining(
        'https://127.0.0.1:4443: pushes may reach this address even if it is private',
      ),
    });
    expect(unset.check('setting_push_service_local_origin')).toEqual({
      name: 'setting_push_service_local_origin',
      ok: true,
      detail: 'not set',
    });
    const typo = await under([['dispach_per_seller', '8']]);
    expect(typo.per).toBe(4);
    expect(typo.check('setting_dispach_per_seller')).toMatchObject({
      ok: false,
      detail: 'dispach_per_seller is not a setting Drape reads (a misspelt name?): it changes nothing',
    });
  });

  it('checks every job of private.schedules, the list the migrations schedule from', async () => {
    // pg_cron's two objects that Drape uses, made in a transaction that is rolled back: the
    // test databases have no pg_cron
    const report = await inTransaction(async (tx) => {
      await tx.query('create schema cron');
      await tx.query(
        'create table cron.job (jobname text primary key, schedule text, command text, active boolean default true)',
      );
      await tx.query(`create function cron.schedule(n text, s text, c text) returns bigint language sql as $$
          insert into cron.job (jobname, schedule, command) values (n, s, c)
          on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
          returning 1::bigint $$`);
      const scheduled = (await tx.query<{ n: number }>('select private.schedule_jobs() as n')).rows[0].n;
      const jobs = (await tx.query<{ jobname: string }>('select jobname from cron.job order by 1')).rows.map(
        (r) => r.jobname,
      );
      const cronCheck = async () =>
        (
          JSON.parse((await tx.query<{ r: string }>('select public.deploy_health()::text as r')).rows[0].r)
            .checks as Check[]
        ).find((c) => c.name === 'cron_jobs');
      const all = await cronCheck();
      await tx.query(`delete from cron.job where jobname = 'drape-push-retries'`);
      const withoutPush = await cronCheck();
      await tx.query(
        `insert into private.schedules (name, schedule, command, what) values ('drape-seventh', '* * * * *', 'select 1', 'a new job')`,
      );
      await tx.query(`insert into cron.job (jobname) values ('drape-push-retries')`);
      const seventh = await cronCheck();
      return { scheduled, jobs, all, withoutPush, seventh };
    });
    expect(report.scheduled).toBe(6);
    expect(report.jobs).toEqual([
      'drape-dispatch',
      'drape-notice-retries',
      'drape-push-retries',
      'drape-scheduled-jobs',
      'drape-storage-cleanup',
      'drape-stripe-reconcile',
    ]);
    expect(report.all).toEqual({ name: 'cron_jobs', ok: true, detail: 'all 6 schedules are active' });
    expect(report.withoutPush).toMatchObject({ ok: false });
    expect(report.withoutPush?.detail).toContain('not scheduled: drape-push-retries');
    expect(report.withoutPush?.detail).toContain('select private.schedule_jobs();');
    expect(report.seventh).toMatchObject({ ok: false, detail: expect.stringContaining('drape-seventh') });
  });

  it('is not readable by the API roles', async () => {
    const err = await sqlError(withRole(db, 'service', (tx) => tx.query('select * from private.settings')));
    expect(err.code).toBe('42501');
  });
});

describe('the health function', () => {
  it("reports the database's checks and the functions' secrets to the service role", async () => {
    const report = await fetchHealth(stack().url, stack().serviceRoleKey);
    expect(report.database?.checks?.map((c) => c.name)).toContain('pg_cron');
    const fns = Object.fromEntries((report.functions ?? []).map((c) => [c.name, c]));
    expect(Object.keys(fns)).toEqual(['provider', 'catalogue_url', 'stripe', 'notices', 'web_push']);
    // the local stack made its VAPID keys
    expect(fns.web_push).toMatchObject({ ok: true });
    // the local stack: its FASHN stand-in, a loopback catalogue that its stand-in can reach
    expect(fns.provider).toMatchObject({ ok: true });
    expect(fns.catalogue_url).toMatchObject({ ok: true });
    expect(JSON.stringify(report)).not.toContain(stack().serviceRoleKey);

    const local = healthLines(report, { local: true });
    expect(local.join('\n')).not.toMatch(/✗ (pg_cron|cron_jobs|pg_net|vault)/);
    expect(local.at(-1)).toContain("the stack's own timer");
  });

  it('refuses anyone but the service role', async () => {
    const res = await fetch(`${stack().url}/functions/v1/health`, {
      headers: { Authorization: `Bearer ${stack().anonKey}`, apikey: stack().anonKey },
    });
    expect(res.status).toBe(403);
  });
});

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
      detail: "'two days' is not a number of hours: 24 hours are used",
    });
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

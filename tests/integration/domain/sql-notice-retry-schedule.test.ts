// The hosted retry of outbound notices (pg_cron + pg_net, secrets from Vault): on a database
// without them the migration is a no-op; with pg_net and Vault present (stood in for here by
// a recording net.http_post and a vault.decrypted_secrets table, on a database of this
// file's own) a due notice makes the job POST to send-notice with the service role key.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../supabase/local/config.ts';
import { migrate } from '../../../supabase/local/db/migrate.ts';
import { openTestDatabase } from '../auth/own-stack.ts';

let scratch: Awaited<ReturnType<typeof openTestDatabase>>;
const invoke = async () =>
  (await scratch.db.query<{ id: string | null }>('select private.invoke_send_notice()::text as id')).rows[0]
    .id;
const calls = async () =>
  (
    await scratch.db.query<{ url: string; body: string; headers: string }>(
      'select url, body::text, headers::text from net._calls order by id',
    )
  ).rows.map((r) => ({ url: r.url, body: JSON.parse(r.body), headers: JSON.parse(r.headers) }));

beforeAll(async () => {
  scratch = await openTestDatabase();
  await migrate(scratch.db, { migrationsDir: path.join(ROOT, 'supabase/migrations'), seedFile: null });
}, 120_000);
afterAll(async () => {
  await scratch?.drop();
});

async function dueNotice(when = 'now()') {
  await scratch.db.query(
    `insert into public.outbound_notices (kind, payload, next_attempt_at) values ('contact', '{}', ${when})`,
  );
}

describe('notice retries on hosted Supabase', () => {
  it('without pg_cron and pg_net the migration applies and schedules nothing', async () => {
    const { rows } = await scratch.db.query<{ applied: boolean; cron: boolean }>(
      `select exists (select 1 from supabase_migrations.schema_migrations where version = '20261122003100') as applied,
              to_regnamespace('cron') is not null as cron`,
    );
    expect(rows[0]).toEqual({ applied: true, cron: false });
    await dueNotice();
    expect(await invoke()).toBeNull();
  });

  it('with pg_net and the Vault secrets, a due notice is posted to send-notice with the service key', async () => {
    await scratch.db.exec(`
      create schema net;
      create table net._calls (id bigserial primary key, url text, body jsonb, headers jsonb, timeout_milliseconds int);
      create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
                                    headers jsonb default '{}', timeout_milliseconds int default 5000) returns bigint
        language sql as $$ insert into net._calls (url, body, headers, timeout_milliseconds)
                           values (url, body, headers, timeout_milliseconds) returning id $$;
      create schema vault;
      create table vault.decrypted_secrets (name text primary key, decrypted_secret text);`);
    // the secrets are not there yet: nothing is sent
    expect(await invoke()).toBeNull();
    await scratch.db.exec(`insert into vault.decrypted_secrets values
      ('project_url', 'https://abc.supabase.co/'), ('service_role_key', 'service-key-from-vault')`);

    await scratch.db.exec(`update public.outbound_notices set status = 'sent'`);
    expect(await invoke(), 'nothing due: no call').toBeNull();
    await dueNotice(`now() + interval '5 minutes'`);
    expect(await invoke(), 'due later: no call').toBeNull();
    expect(await calls()).toEqual([]);

    await dueNotice();
    expect(await invoke()).not.toBeNull();
    expect(await calls()).toEqual([
      {
        url: 'https://abc.supabase.co/functions/v1/send-notice',
        body: {},
        headers: {
          'Content-Type': 'application/json',
          Authorization: 'Bearer service-key-from-vault',
          apikey: 'service-key-from-vault',
        },
      },
    ]);
  });

  it('the dispatcher and Stripe reconcile wake-ups go the same way, each with its body and time limit', async () => {
    await scratch.db.exec('truncate net._calls');
    await scratch.db.query(`select private.invoke_dispatch('image finished')`);
    await scratch.db.query(`select private.invoke_edge_function('stripe-reconcile', '{}', 60000)`);
    const { rows } = await scratch.db.query<{ url: string; body: string; timeout: number; key: string }>(
      `select url, body::text, timeout_milliseconds as timeout, headers->>'apikey' as key from net._calls order by id`,
    );
    expect(rows.map((r) => ({ ...r, body: JSON.parse(r.body) }))).toEqual([
      {
        url: 'https://abc.supabase.co/functions/v1/dispatch',
        body: { reason: 'image finished' },
        timeout: 10000,
        key: 'service-key-from-vault',
      },
      {
        url: 'https://abc.supabase.co/functions/v1/stripe-reconcile',
        body: {},
        timeout: 60000,
        key: 'service-key-from-vault',
      },
    ]);
  });
});

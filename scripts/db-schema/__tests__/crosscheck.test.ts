// npm run db:crosscheck (migra) on the real tree and on a scratch copy with hand-made drift:
// schema files changed without a migration (a column default, a function body, a storage
// policy, a trigger on auth.users) and a migration altered after the fact (a policy dropped).
// On PostgreSQL when TEST_DATABASE_URL names a server (as CI runs it), else on PGlite.
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'drape-crosscheck-test-'));
const schemas = path.join(scratch, 'schemas');
const migrations = path.join(scratch, 'migrations');

function crosscheck(...args: string[]) {
  const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/db-crosscheck.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

function edit(file: string, from: string, to: string) {
  const p = path.join(schemas, file);
  const text = readFileSync(p, 'utf8');
  expect(text).toContain(from);
  writeFileSync(p, text.replace(from, to));
}

beforeAll(() => {
  cpSync(path.join(root, 'supabase/schemas'), schemas, { recursive: true });
  cpSync(path.join(root, 'supabase/migrations'), migrations, { recursive: true });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('db:crosscheck', () => {
  it('finds no difference between the migrations and the schema files of the tree', {
    timeout: 120_000,
  }, () => {
    const r = crosscheck();
    expect(r.status, r.out).toBe(0);
    expect(r.out).toContain('supabase/schemas and supabase/migrations build the same database');
  });

  it('fails on schema files changed without a migration and on an altered migration, naming the statements', {
    timeout: 120_000,
  }, () => {
    edit(
      '10_catalogue.sql',
      "description text not null default ''",
      "description text not null default 'soon'",
    );
    edit('00_foundation.sql', "to_char(n, 'FM999999990.00')", "to_char(n, 'FM999999990.000')");
    edit(
      '85_storage.sql',
      "using (bucket_id in ('uploads', 'fix-drawings', 'tool-images', 'watermarked', 'videos')",
      "using (bucket_id in ('uploads', 'fix-drawings', 'tool-images', 'watermarked')",
    );
    edit(
      '20_accounts.sql',
      'create trigger on_auth_user_created after insert on auth.users',
      'create trigger on_auth_user_created after insert or update on auth.users',
    );
    const newest = readdirSync(migrations).sort().at(-1) as string;
    appendFileSync(
      path.join(migrations, newest),
      '\ndrop policy "volume discounts are public" on public.credit_volume_discounts;\n',
    );

    const r = crosscheck('--schemas', schemas, '--migrations', migrations);
    expect(r.status, r.out).toBe(1);
    expect(r.out).toContain('differ; migra would run on the migrated database');
    expect(r.out).toContain(
      `alter table "public"."models" alter column "description" set default 'soon'::text;`,
    );
    expect(r.out).toMatch(
      /CREATE OR REPLACE FUNCTION private\.format_credits\(n numeric\)[\s\S]*FM999999990\.000/,
    );
    expect(r.out).toContain('drop policy "drape: owners read their objects" on "storage"."objects";');
    expect(r.out).toMatch(/create policy "drape: owners read their objects"\s+on "storage"."objects"/);
    expect(r.out).toContain(
      'CREATE TRIGGER on_auth_user_created AFTER INSERT OR UPDATE ON auth.users FOR EACH ROW',
    );
    expect(r.out).toMatch(
      /create policy "volume discounts are public"\s+on "public"."credit_volume_discounts"/,
    );
    expect(r.out).toContain('npm run db:diff -- <what_it_does>');
  });
});

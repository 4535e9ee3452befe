// npm run db:diff on scratch copies of supabase/schemas and supabase/migrations: a changed
// function and a removed policy make --check fail naming them; the migration the command
// writes re-creates the one and drops the other; after it the check passes.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'drape-db-diff-test-'));
const schemas = path.join(scratch, 'schemas');
const migrations = path.join(scratch, 'migrations');

function dbDiff(...args: string[]) {
  const r = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['scripts/db-diff.ts', '--schemas', schemas, '--migrations', migrations, ...args],
    { cwd: root, encoding: 'utf8' },
  );
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

describe('db:diff', () => {
  it('finds a changed function and a removed policy, writes the migration, then agrees', {
    timeout: 180_000,
  }, () => {
    edit(
      '00_foundation.sql',
      "select case when n = trunc(n) then trunc(n)::text else to_char(n, 'FM999999990.00') end",
      "select case when n = trunc(n) then trunc(n)::text else to_char(n, 'FM999999990.000') end",
    );
    edit(
      '10_catalogue.sql',
      /create policy "plans are public"[^;]*;/.exec(
        readFileSync(path.join(schemas, '10_catalogue.sql'), 'utf8'),
      )?.[0] ?? '',
      '',
    );

    const before = dbDiff('--check');
    expect(before.status).toBe(1);
    expect(before.out).toContain('differs:                   function private.format_credits(n numeric)');
    expect(before.out).toContain('only in the migrations:    policy "plans are public" on public.plans');
    expect(before.out).toContain('npm run db:diff -- <what_it_does>');

    const made = dbDiff('sharper_credits', '--version', '29991231000000');
    expect(made.status, made.out).toBe(0);
    expect(readdirSync(migrations)).toContain('29991231000000_sharper_credits.sql');
    const sql = readFileSync(path.join(migrations, '29991231000000_sharper_credits.sql'), 'utf8');
    expect(sql).toContain('drop policy "plans are public" on public.plans;');
    expect(sql).toMatch(
      /CREATE OR REPLACE FUNCTION private\.format_credits\(n numeric\)[\s\S]*FM999999990\.000/,
    );

    const after = dbDiff('--check');
    expect(after.status, after.out).toBe(0);
    expect(after.out).toContain('describe the same database');
  });

  it('refuses schema files that define a function twice', { timeout: 60_000 }, () => {
    const file = path.join(schemas, '99_twice.sql');
    writeFileSync(
      file,
      "create or replace function private.format_credits(n numeric) returns text language sql as $$ select '' $$;\n",
    );
    try {
      const r = dbDiff('--check');
      expect(r.status).not.toBe(0);
      expect(r.out).toContain('defined more than once');
      expect(r.out).toContain('function private.format_credits(numeric) (00_foundation.sql:');
    } finally {
      rmSync(file);
    }
  });
});

// A function whose arguments change is dropped and created again; its old privileges went
// with the drop, so the migration must not revoke them (the revoke names a function that no
// longer exists and the migration fails).
import { describe, expect, it } from 'vitest';
import { compareSnapshots, migrationSql } from '../diff.ts';
import type { DbObject, Snapshot } from '../snapshot.ts';

const fn = (args: string): DbObject => ({
  kind: 'function',
  key: `function public.f(${args})`,
  def: `create or replace function public.f(${args}) …`,
  create: `create or replace function public.f(${args}) …;`,
  drop: `drop function public.f(${args});`,
  signature: `${args} -> void`,
});
const grant = (args: string): DbObject => ({
  kind: 'grant',
  key: `grant on function public.f(${args}) to service_role`,
  def: 'EXECUTE',
  create: `revoke all on function public.f(${args}) from service_role;\ngrant execute on function public.f(${args}) to service_role;`,
  drop: `revoke all on function public.f(${args}) from service_role;`,
});

describe('migrationSql: a function whose arguments change', () => {
  it('drops it, creates the new one with its grant, and revokes nothing from the dropped one', () => {
    const from: Snapshot = new Map([fn('a integer'), grant('a integer')].map((o) => [o.key, o]));
    const to: Snapshot = new Map(
      [fn('a integer, b jsonb'), grant('a integer, b jsonb')].map((o) => [o.key, o]),
    );
    const sql = migrationSql(from, to, compareSnapshots(from, to)).join('\n');
    expect(sql).toContain('drop function public.f(a integer);');
    expect(sql).toContain('create or replace function public.f(a integer, b jsonb) …;');
    expect(sql).toContain('grant execute on function public.f(a integer, b jsonb) to service_role;');
    expect(sql).not.toContain('revoke all on function public.f(a integer) from service_role;');
  });
});

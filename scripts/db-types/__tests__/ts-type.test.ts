import { describe, expect, it } from 'vitest';
import type { PgType } from '../catalog.ts';
import { arrayOf, orNull, tsType, type TypeContext } from '../ts-type.ts';

const base = (oid: number, name: string, schema = 'pg_catalog'): PgType => ({
  oid,
  schema,
  name,
  kind: 'b',
  elem: null,
  base: null,
  relid: null,
  relkind: null,
  labels: null,
});

const types: PgType[] = [
  base(16, 'bool'),
  base(20, 'int8'),
  base(23, 'int4'),
  base(1700, 'numeric'),
  base(25, 'text'),
  base(2950, 'uuid'),
  base(1184, 'timestamptz'),
  base(1186, 'interval'),
  base(3802, 'jsonb'),
  base(114, 'json'),
  base(2278, 'void'),
  base(2249, 'record'),
  base(3904, 'int4range'),
  { ...base(1009, '_text'), elem: 25 },
  { ...base(1007, '_int4'), elem: 23 },
  { ...base(9000, 'plan_kind', 'public'), kind: 'e', labels: ['free', 'pro'] },
  { ...base(9001, '_plan_kind', 'public'), elem: 9000 },
  { ...base(9002, 'mood', 'other'), kind: 'e', labels: ['sad', 'ok'] },
  { ...base(9003, 'money_amount', 'public'), kind: 'c', relid: 1, relkind: 'c' },
  { ...base(9004, 'projects', 'public'), kind: 'c', relid: 2, relkind: 'r' },
  { ...base(9005, 'project_list', 'public'), kind: 'c', relid: 3, relkind: 'v' },
  { ...base(9006, 'email', 'public'), kind: 'd', base: 25 },
  { ...base(9007, 'elsewhere', 'other'), kind: 'c', relid: 4, relkind: 'r' },
  { ...base(9008, '_mood', 'other'), elem: 9002 },
  { ...base(9009, 'citext', 'extensions') },
];
const ctx: TypeContext = { schema: 'public', types: new Map(types.map((t) => [t.oid, t])) };

describe('tsType', () => {
  it('maps scalar types as PostgREST sends them in JSON', () => {
    expect(tsType(16, ctx)).toBe('boolean');
    expect(tsType(20, ctx)).toBe('number');
    expect(tsType(23, ctx)).toBe('number');
    expect(tsType(1700, ctx)).toBe('number');
    expect(tsType(25, ctx)).toBe('string');
    expect(tsType(2950, ctx)).toBe('string');
    expect(tsType(1184, ctx)).toBe('string');
    expect(tsType(1186, ctx)).toBe('string');
    expect(tsType(9009, ctx)).toBe('string');
  });

  it('maps json and jsonb to Json, void to undefined, record to an object', () => {
    expect(tsType(3802, ctx)).toBe('Json');
    expect(tsType(114, ctx)).toBe('Json');
    expect(tsType(2278, ctx)).toBe('undefined');
    expect(tsType(2249, ctx)).toBe('Record<string, unknown>');
  });

  it('maps arrays to arrays of their element type', () => {
    expect(tsType(1009, ctx)).toBe('string[]');
    expect(tsType(1007, ctx)).toBe('number[]');
    expect(tsType(9001, ctx)).toBe('Database["public"]["Enums"]["plan_kind"][]');
    expect(tsType(9008, ctx)).toBe('("sad" | "ok")[]');
  });

  it("refers to the schema's own enums, composite types and row types", () => {
    expect(tsType(9000, ctx)).toBe('Database["public"]["Enums"]["plan_kind"]');
    expect(tsType(9003, ctx)).toBe('Database["public"]["CompositeTypes"]["money_amount"]');
    expect(tsType(9004, ctx)).toBe('Database["public"]["Tables"]["projects"]["Row"]');
    expect(tsType(9005, ctx)).toBe('Database["public"]["Views"]["project_list"]["Row"]');
  });

  it("spells out another schema's enum, and cannot describe its row types", () => {
    expect(tsType(9002, ctx)).toBe('"sad" | "ok"');
    expect(tsType(9007, ctx)).toBe('unknown');
  });

  it('maps a domain to its base type', () => {
    expect(tsType(9006, ctx)).toBe('string');
  });

  it('answers unknown for what it cannot map', () => {
    expect(tsType(3904, ctx)).toBe('unknown');
    expect(tsType(424242, ctx)).toBe('unknown');
  });
});

describe('orNull and arrayOf', () => {
  it('adds null except to unknown', () => {
    expect(orNull('string', true)).toBe('string | null');
    expect(orNull('string', false)).toBe('string');
    expect(orNull('unknown', true)).toBe('unknown');
  });

  it('parenthesises unions inside arrays', () => {
    expect(arrayOf('number')).toBe('number[]');
    expect(arrayOf('"a" | "b"')).toBe('("a" | "b")[]');
    expect(arrayOf('Record<string, unknown>')).toBe('(Record<string, unknown>)[]');
  });
});

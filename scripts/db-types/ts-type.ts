// Postgres types → TypeScript, as PostgREST sends them in JSON: numbers for the numeric
// types (numeric included: PostgREST writes it as a JSON number), strings for text-like,
// time and binary types, `Json` for json/jsonb, and references into the generated Database
// type for the schema's own enums, composite types and row types.
import type { PgType } from './catalog.ts';

export interface TypeContext {
  /** the schema being generated ('public') */
  schema: string;
  types: ReadonlyMap<number, PgType>;
}

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const STRING = new Set([
  'text',
  'varchar',
  'bpchar',
  'char',
  'name',
  'citext',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'bytea',
  'inet',
  'cidr',
  'macaddr',
  'macaddr8',
  'bit',
  'varbit',
  'tsvector',
  'tsquery',
  'xml',
  'vector',
  'regclass',
  'regtype',
  'regproc',
  'regprocedure',
]);

const ref = (schema: string, section: string, name: string, member?: string) =>
  `Database[${JSON.stringify(schema)}][${JSON.stringify(section)}][${JSON.stringify(name)}]${member ? `[${JSON.stringify(member)}]` : ''}`;

export function tsType(oid: number, ctx: TypeContext): string {
  const t = ctx.types.get(oid);
  if (!t) return 'unknown';
  if (t.elem !== null) return arrayOf(tsType(t.elem, ctx));
  if (t.kind === 'd' && t.base !== null) return tsType(t.base, ctx);
  if (t.kind === 'e') {
    if (t.schema === ctx.schema) return ref(ctx.schema, 'Enums', t.name);
    return (t.labels ?? []).map((l) => JSON.stringify(l)).join(' | ') || 'never';
  }
  if (t.kind === 'c') {
    if (t.schema !== ctx.schema) return 'unknown';
    if (t.relkind === 'c') return ref(ctx.schema, 'CompositeTypes', t.name);
    if (t.relkind === 'v' || t.relkind === 'm') return ref(ctx.schema, 'Views', t.name, 'Row');
    return ref(ctx.schema, 'Tables', t.name, 'Row');
  }
  if (t.name === 'bool') return 'boolean';
  if (NUMBER.has(t.name)) return 'number';
  if (STRING.has(t.name)) return 'string';
  if (t.name === 'json' || t.name === 'jsonb') return 'Json';
  if (t.name === 'void') return 'undefined';
  if (t.name === 'record') return 'Record<string, unknown>';
  return 'unknown';
}

export function arrayOf(element: string): string {
  return /^[\w.]+$|^Database(\[".*?"\])+$/.test(element) ? `${element}[]` : `(${element})[]`;
}

/** `T | null`; unknown already holds null. */
export function orNull(type: string, nullable: boolean): string {
  return nullable && type !== 'unknown' ? `${type} | null` : type;
}

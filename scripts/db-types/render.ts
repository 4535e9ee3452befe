// Renders a schema's catalogue as the TypeScript `supabase gen types typescript` writes:
// Database[schema] with Tables (Row, Insert, Update, Relationships), Views, Functions (Args,
// Returns), Enums and CompositeTypes, then the helper types (Tables<>, TablesInsert<>, …) and
// Constants. Deterministic: everything is sorted by name, so the output changes only when
// the schema does.
import type { Catalog, PgColumn, PgFunction, PgRelation } from './catalog.ts';
import { HELPERS } from './helpers.ts';
import { arrayOf, orNull, tsType, type TypeContext } from './ts-type.ts';

export const GENERATED_HEADER = `// Generated from supabase/migrations by scripts/gen-types.ts — do not edit.
// After changing the schema run \`npm run gen:types\` and commit this file (npm test checks it).`;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const key = (name: string) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));
const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const list = (names: string[]) => `[${names.map((n) => JSON.stringify(n)).join(', ')}]`;
const pad = (lines: string[], n = 2) => lines.map((l) => (l ? ' '.repeat(n) + l : l));

/** `name: {` … `}`, or the never-map when there are no members. */
function section(name: string, members: string[]): string[] {
  return [`${name}: {`, ...pad(members.length ? members : ['[_ in never]: never']), '}'];
}

/** Only PostgREST-callable single-parameter functions may have an unnamed parameter. */
const SINGLE_UNNAMED = new Set(['json', 'jsonb', 'text', 'varchar', 'xml', 'bytea']);

export function renderDatabaseTypes(catalog: Catalog): string {
  const ctx: TypeContext = { schema: catalog.schema, types: new Map(catalog.types.map((t) => [t.oid, t])) };
  const tables = catalog.relations
    .filter((r) => r.kind === 'r' || r.kind === 'p' || r.kind === 'f')
    .sort(byName);
  const views = catalog.relations.filter((r) => r.kind === 'v' || r.kind === 'm').sort(byName);
  const schema = [
    ...section(
      'Tables',
      tables.flatMap((t) => renderTable(t, catalog, ctx)),
    ),
    ...section(
      'Views',
      views.flatMap((v) => renderView(v, catalog, ctx)),
    ),
    ...section('Functions', renderFunctions(catalog, ctx)),
    ...section(
      'Enums',
      [...catalog.enums].sort(byName).flatMap((e) =>
        unionLines(
          key(e.name),
          e.labels.map((l) => JSON.stringify(l)),
        ),
      ),
    ),
    ...section(
      'CompositeTypes',
      [...catalog.compositeTypes]
        .sort(byName)
        .flatMap((c) => [
          `${key(c.name)}: {`,
          ...pad(c.attributes.map((a) => `${key(a.name)}: ${orNull(tsType(a.type, ctx), true)}`)),
          '}',
        ]),
    ),
  ];
  const enumValues = [...catalog.enums].sort(byName).map((e) => `${key(e.name)}: ${list(e.labels)},`);
  const constants = [
    'export const Constants = {',
    ...pad([
      `${key(catalog.schema)}: {`,
      ...pad(enumValues.length ? ['Enums: {', ...pad(enumValues), '},'] : ['Enums: {},']),
      '},',
    ]),
    '} as const',
  ];
  return [
    GENERATED_HEADER,
    '',
    'export type Json =',
    ...pad([
      '| string',
      '| number',
      '| boolean',
      '| null',
      '| { [key: string]: Json | undefined }',
      '| Json[]',
    ]),
    '',
    'export type Database = {',
    ...pad([`${key(catalog.schema)}: {`, ...pad(schema), '}']),
    '}',
    '',
    HELPERS.replaceAll('__SCHEMA__', JSON.stringify(catalog.schema)),
    '',
    ...constants,
    '',
  ].join('\n');
}

/** `name: "a" | "b"`, one member a line when the union is long. */
function unionLines(name: string, members: string[]): string[] {
  const inline = `${name}: ${members.join(' | ') || 'never'}`;
  if (inline.length <= 80) return [inline];
  return [`${name}:`, ...pad(members.map((m) => `| ${m}`))];
}

const sortedColumns = (r: PgRelation) => [...r.columns].sort(byName);

/** The database fills these; a client may not write them. */
const writeNever = (c: PgColumn) => c.identity === 'a' || c.generated;

function rowLines(r: PgRelation, ctx: TypeContext): string[] {
  return sortedColumns(r).map((c) => `${key(c.name)}: ${orNull(tsType(c.type, ctx), c.nullable)}`);
}

function renderTable(t: PgRelation, catalog: Catalog, ctx: TypeContext): string[] {
  const columns = sortedColumns(t);
  const insert = columns.map((c) => {
    if (writeNever(c)) return `${key(c.name)}?: never`;
    const optional = c.nullable || c.hasDefault || c.identity !== '';
    return `${key(c.name)}${optional ? '?' : ''}: ${orNull(tsType(c.type, ctx), c.nullable)}`;
  });
  const update = columns.map((c) =>
    writeNever(c) ? `${key(c.name)}?: never` : `${key(c.name)}?: ${orNull(tsType(c.type, ctx), c.nullable)}`,
  );
  return [
    `${key(t.name)}: {`,
    ...pad([
      'Row: {',
      ...pad(rowLines(t, ctx)),
      '}',
      'Insert: {',
      ...pad(insert),
      '}',
      'Update: {',
      ...pad(update),
      '}',
      ...relationships(t, catalog),
    ]),
    '}',
  ];
}

function renderView(v: PgRelation, catalog: Catalog, ctx: TypeContext): string[] {
  const write = (c: PgColumn) =>
    c.updatable ? `${key(c.name)}?: ${orNull(tsType(c.type, ctx), true)}` : `${key(c.name)}?: never`;
  const writable = v.updatable
    ? [
        'Insert: {',
        ...pad(sortedColumns(v).map(write)),
        '}',
        'Update: {',
        ...pad(sortedColumns(v).map(write)),
        '}',
      ]
    : [];
  return [
    `${key(v.name)}: {`,
    ...pad(['Row: {', ...pad(rowLines(v, ctx)), '}', ...writable, ...relationships(v, catalog)]),
    '}',
  ];
}

function relationships(r: PgRelation, catalog: Catalog): string[] {
  const fks = catalog.foreignKeys
    .filter((fk) => fk.relation === r.name)
    .sort((a, b) => byName(a, b) || (a.referencedRelation < b.referencedRelation ? -1 : 1));
  if (fks.length === 0) return ['Relationships: []'];
  return [
    'Relationships: [',
    ...pad(
      fks.flatMap((fk) => [
        '{',
        ...pad([
          `foreignKeyName: ${JSON.stringify(fk.name)}`,
          `columns: ${list(fk.columns)}`,
          `isOneToOne: ${fk.oneToOne}`,
          `referencedRelation: ${JSON.stringify(fk.referencedRelation)}`,
          `referencedColumns: ${list(fk.referencedColumns)}`,
        ]),
        '},',
      ]),
    ),
    ']',
  ];
}

const inArgsOf = (f: PgFunction) => f.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');

/** What PostgREST can call: named parameters, or one unnamed json/text-like parameter. */
export function isCallable(f: PgFunction, ctx: TypeContext): boolean {
  const inArgs = inArgsOf(f);
  if (inArgs.every((a) => a.name !== '')) return true;
  return inArgs.length === 1 && SINGLE_UNNAMED.has(ctx.types.get(inArgs[0].type)?.name ?? '');
}

function renderFunctions(catalog: Catalog, ctx: TypeContext): string[] {
  const byFn = new Map<string, PgFunction[]>();
  for (const f of catalog.functions) {
    if (!isCallable(f, ctx)) continue;
    byFn.set(f.name, [...(byFn.get(f.name) ?? []), f]);
  }
  return [...byFn.keys()].sort().flatMap((name) => {
    const signatures = byFn.get(name)!.map((f) => signature(f, catalog, ctx));
    if (signatures.length === 1) return [`${key(name)}: {`, ...pad(signatures[0]), '}'];
    return [`${key(name)}:`, ...pad(signatures.flatMap((s) => ['| {', ...pad(s, 4), '  }']))];
  });
}

function signature(f: PgFunction, catalog: Catalog, ctx: TypeContext): string[] {
  const inArgs = [...inArgsOf(f)].sort(byName);
  const args = inArgs.length
    ? [
        'Args: {',
        ...pad(inArgs.map((a) => `${key(a.name)}${a.hasDefault ? '?' : ''}: ${tsType(a.type, ctx)}`)),
        '}',
      ]
    : ['Args: never'];
  return [...args, ...returns(f, catalog, ctx)];
}

function returns(f: PgFunction, catalog: Catalog, ctx: TypeContext): string[] {
  // `returns table (…)`
  const tableColumns = f.args.filter((a) => a.mode === 't').sort(byName);
  if (tableColumns.length) {
    return [
      'Returns: {',
      ...pad(tableColumns.map((a) => `${key(a.name)}: ${tsType(a.type, ctx)}`)),
      `}${f.setOf ? '[]' : ''}`,
    ];
  }
  // a relation's row type
  const returned = ctx.types.get(f.returns);
  const relation =
    returned?.relid != null && returned.schema === catalog.schema && returned.relkind !== 'c'
      ? catalog.relations.find((r) => r.oid === returned.relid)
      : undefined;
  if (relation) {
    const oneToOne = !(f.rows > 1);
    return [
      'Returns: {',
      ...pad(rowLines(relation, ctx)),
      `}${f.setOf && !oneToOne ? '[]' : ''}`,
      'SetofOptions: {',
      ...pad([
        'from: "*"',
        `to: ${JSON.stringify(relation.name)}`,
        `isOneToOne: ${oneToOne}`,
        `isSetofReturn: ${f.setOf}`,
      ]),
      '}',
    ];
  }
  const type = tsType(f.returns, ctx);
  return [`Returns: ${f.setOf ? arrayOf(type) : type}`];
}

// Resolves a parsed request against the schema cache: every column, relationship, cast and
// filter is checked here, so the SQL builder only ever sees names that exist.
import type { Field, Filter, JsonStep, LevelParams, LogicTree, OrderTerm, SelectItem } from '../parse/ast.ts';
import { errors, RestError } from '../errors.ts';
import { fieldOutputName } from '../parse/field.ts';
import { emptyLevel, type ParsedQuery } from '../parse/query.ts';
import type { Column, Relationship, SchemaCache, Table } from '../schema/model.ts';
import { findRelationship, isToOne } from '../schema/relationships.ts';

export interface ColumnRef {
  column: Column;
  path: JsonStep[];
}

export type OutputItem =
  | { kind: 'column'; ref: ColumnRef; cast: string | null; name: string }
  | { kind: 'embed'; node: ReadNode };

export type Condition =
  | { kind: 'filter'; ref: ColumnRef; filter: Filter }
  | { kind: 'group'; op: 'and' | 'or'; negate: boolean; children: Condition[] }
  | { kind: 'embedNull'; node: ReadNode; isNull: boolean };

export interface OrderItem {
  ref: ColumnRef;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

export interface ReadNode {
  /** the relation whose columns this level reads (or a function's row type) */
  table: Table;
  /** the table whose relationships embeds may follow (null: none, e.g. OUT-parameter records) */
  relTable: Table | null;
  /** columns first, then embeds, as PostgREST orders the keys */
  items: OutputItem[];
  where: Condition[];
  order: OrderItem[];
  limit: number | null;
  offset: number | null;
  /** set for embedded levels */
  embed: null | {
    rel: Relationship;
    name: string;
    join: 'left' | 'inner';
    spread: boolean;
    /** the embed only filters its parent: nothing of it is output */
    hidden: boolean;
    toOne: boolean;
  };
  children: ReadNode[];
}

export interface PlanContext {
  cache: SchemaCache;
  query: ParsedQuery;
}

/** Plans a read of `table` (the root level, or the rows a write or a function returns). */
export function planRead(ctx: PlanContext, table: Table, relTable: Table | null): ReadNode {
  const node = planLevel(ctx, table, relTable, ctx.query.select ?? [{ kind: 'star' }], '', null);
  for (const path of ctx.query.levels.keys()) {
    if (path !== '' && !findLevel(node, path.split('.'))) throw errors.notEmbedded(path);
  }
  return node;
}

function findLevel(node: ReadNode, path: string[]): ReadNode | null {
  if (path.length === 0) return node;
  const child = node.children.find((c) => c.embed!.name === path[0]);
  return child ? findLevel(child, path.slice(1)) : null;
}

function planLevel(
  ctx: PlanContext,
  table: Table,
  relTable: Table | null,
  select: SelectItem[],
  path: string,
  embed: ReadNode['embed'],
): ReadNode {
  const params: LevelParams = ctx.query.levels.get(path) ?? emptyLevel();
  const node: ReadNode = {
    table,
    relTable,
    items: [],
    where: [],
    order: [],
    limit: params.limit,
    offset: params.offset,
    embed,
    children: [],
  };

  const embeds: OutputItem[] = [];
  for (const item of select) {
    if (item.kind === 'star') {
      for (const column of table.columns)
        node.items.push({ kind: 'column', ref: { column, path: [] }, cast: null, name: column.name });
    } else if (item.kind === 'column') {
      const ref = resolveField(table, item.field);
      let cast: string | null = null;
      if (item.cast) {
        const isArray = item.cast.endsWith('[]');
        const base = ctx.cache.castTypes.get((isArray ? item.cast.slice(0, -2) : item.cast).toLowerCase());
        if (!base) throw new RestError(400, '42704', `type "${item.cast}" does not exist`);
        cast = isArray ? `${base}[]` : base;
      }
      node.items.push({ kind: 'column', ref, cast, name: item.alias ?? fieldOutputName(item.field) });
    } else {
      if (!relTable) throw errors.noRelationship(table.name, item.name, table.schema, item.hint, null);
      const rel = findRelationship(ctx.cache, relTable, item.name, item.hint);
      const name = item.alias ?? item.name;
      const childPath = path ? `${path}.${name}` : name;
      const toOne = isToOne(rel);
      if (item.spread && !toOne) {
        throw new RestError(
          400,
          'PGRST119',
          `A spread operation on '${item.name}' is not possible`,
          `'${relTable.name}' and '${item.name}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      const child = planLevel(ctx, rel.foreign, rel.foreign, item.children, childPath, {
        rel,
        name,
        join: item.join,
        spread: item.spread,
        hidden: item.children.length === 0,
        toOne,
      });
      if (node.children.some((c) => c.embed!.name === name)) {
        throw new RestError(
          400,
          'PGRST100',
          `"failed to parse select parameter" (duplicate embed '${name}')`,
          `'${name}' is embedded twice; give one of them an alias`,
        );
      }
      node.children.push(child);
      embeds.push({ kind: 'embed', node: child });
    }
  }
  node.items.push(...embeds);

  node.where = params.filters.map((t) => resolveLogic(node, t));
  node.order = (params.order ?? []).map((o: OrderTerm) => ({
    ref: resolveField(table, o.field),
    direction: o.direction,
    nulls: o.nulls,
  }));
  return node;
}

export function resolveField(table: Table, field: Field): ColumnRef {
  const column = table.columnMap.get(field.name);
  if (!column) throw errors.undefinedColumn(table.name, field.name);
  return { column, path: field.path };
}

function resolveLogic(node: ReadNode, tree: LogicTree): Condition {
  if (tree.kind === 'group') {
    return {
      kind: 'group',
      op: tree.op,
      negate: tree.negate,
      children: tree.children.map((c) => resolveLogic(node, c)),
    };
  }
  const f = tree.filter;
  if (!node.table.columnMap.has(f.field.name) && f.field.path.length === 0) {
    const child = node.children.find((c) => c.embed!.name === f.field.name);
    if (child) {
      const isNull =
        f.op === 'is' && (f.value === 'null' || f.value === 'not_null')
          ? (f.value === 'null') !== f.negate
          : null;
      if (isNull === null) {
        throw new RestError(
          400,
          'PGRST120',
          `Bad operator on the '${f.field.name}' embedded resource`,
          'Only is null or not is null filters are allowed on embedded resources',
        );
      }
      return { kind: 'embedNull', node: child, isNull };
    }
  }
  return { kind: 'filter', ref: resolveField(node.table, f.field), filter: f };
}

/** Columns named in a write (`columns=` or the body's keys) must exist. */
export function resolveColumns(table: Table, names: string[]): Column[] {
  return names.map((n) => {
    const c = table.columnMap.get(n);
    if (!c) throw errors.columnNotFound(table.name, n);
    return c;
  });
}

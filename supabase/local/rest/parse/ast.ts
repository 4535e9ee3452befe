// What the query-string parser produces: names and values exactly as the client sent them,
// not yet checked against the schema (the planner does that).

/** One step of a JSON path: `->key`, `->>key`, `->0`. */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
  /** the key is an integer: an array index */
  index: boolean;
}

/** A column, possibly followed by a JSON path. */
export interface Field {
  name: string;
  path: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; alias: string | null; cast: string | null }
  | {
      kind: 'embed';
      /** the table, FK constraint or column named before the parentheses */
      name: string;
      alias: string | null;
      /** `!fk_name` or `!column` disambiguation */
      hint: string | null;
      join: 'left' | 'inner';
      spread: boolean;
      children: SelectItem[];
    };

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Filter {
  field: Field;
  negate: boolean;
  op: Operator;
  /** `like(any)`, `eq(all)`… quantifier; the value is then a `{a,b}` list */
  quantifier: 'any' | 'all' | null;
  /** full-text search configuration: `fts(english)` */
  language: string | null;
  /** the raw text value; for `in` and quantified ops, the list items */
  value: string;
  list: string[] | null;
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'group'; op: 'and' | 'or'; negate: boolean; children: LogicTree[] };

export interface OrderTerm {
  field: Field;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

/** Modifiers that apply to one level of the embedding tree ('' is the root). */
export interface LevelParams {
  filters: LogicTree[];
  order: OrderTerm[] | null;
  limit: number | null;
  offset: number | null;
}

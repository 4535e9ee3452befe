// What the service knows about the exposed schemas: relations with their columns and keys,
// the relationships foreign keys make between them, and the functions callable over /rpc.

export interface Column {
  name: string;
  /** format_type(): a type name that can be written in SQL, e.g. `timestamp with time zone` */
  type: string;
  /** pg_type.typname, e.g. `timestamptz`, `_text` */
  typeName: string;
  notNull: boolean;
  /** pg_get_expr of the column default, for `Prefer: missing=default` */
  default: string | null;
  /** identity or generated columns (the database fills them) */
  generated: boolean;
}

export interface Table {
  schema: string;
  name: string;
  /** pg_class.relkind: r table, p partitioned, v view, m materialized view, f foreign */
  kind: string;
  columns: Column[];
  columnMap: Map<string, Column>;
  pk: string[];
  /** unique constraints and unique indexes (each a column list), the PK included */
  uniques: string[][];
  /** oid of the relation's row type, to find functions returning it */
  rowType: number;
}

export type Cardinality = 'm2o' | 'o2m' | 'o2o' | 'm2m';

/** A way to embed `foreign` inside `table`. */
export interface Relationship {
  table: Table;
  foreign: Table;
  cardinality: Cardinality;
  /** the FK constraint (for m2m, the one from the junction to `table`) */
  constraint: string;
  /** join pairs [column of table, column of foreign] (direct relationships) */
  columns: [string, string][];
  junction: null | {
    table: Table;
    constraint1: string;
    constraint2: string;
    /** [column of table, column of junction] */
    source: [string, string][];
    /** [column of junction, column of foreign] */
    target: [string, string][];
  };
}

export interface FunctionArg {
  name: string;
  /** format_type() of the argument type */
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface FunctionDef {
  schema: string;
  name: string;
  oid: number;
  volatility: 'immutable' | 'stable' | 'volatile';
  setOf: boolean;
  /** input arguments, in order */
  args: FunctionArg[];
  returns:
    | { kind: 'void' }
    | { kind: 'scalar'; type: string }
    | { kind: 'composite'; columns: Column[]; table: Table | null };
}

export interface SchemaCache {
  schemas: string[];
  /** key `schema.name` */
  tables: Map<string, Table>;
  functions: Map<string, FunctionDef[]>;
  /** relationships from a table, by `schema.name` of that table */
  relationships: Map<string, Relationship[]>;
  /** per-role settings (`alter role … set statement_timeout`), applied per request */
  roleSettings: Map<string, [string, string][]>;
  /** type names a `::cast` in select may use, mapped to what is written in SQL */
  castTypes: Map<string, string>;
}

export const tableKey = (schema: string, name: string) => `${schema}.${name}`;

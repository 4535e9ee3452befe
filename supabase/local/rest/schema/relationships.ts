// Picks the relationship an embed names: by table, FK constraint or FK column, narrowed by
// a `!hint`; none gives PGRST200 and several give PGRST201, as in PostgREST.
import { errors } from '../errors.ts';
import { closest } from './cache.ts';
import { tableKey, type Relationship, type SchemaCache, type Table } from './model.ts';

export function findRelationship(
  cache: SchemaCache,
  parent: Table,
  name: string,
  hint: string | null,
): Relationship {
  const all = cache.relationships.get(tableKey(parent.schema, parent.name)) ?? [];
  let candidates = all.filter(
    (r) =>
      r.foreign.name === name ||
      (r.junction === null && r.constraint === name) ||
      ((r.cardinality === 'm2o' || r.cardinality === 'o2o') &&
        r.columns.length === 1 &&
        r.columns[0][0] === name &&
        r.foreign.schema === parent.schema),
  );
  if (hint !== null) {
    candidates = candidates.filter((r) =>
      r.junction
        ? r.junction.table.name === hint || r.junction.constraint1 === hint || r.junction.constraint2 === hint
        : r.constraint === hint || r.columns.some(([a, b]) => a === hint || b === hint),
    );
  }
  if (candidates.length === 1) return candidates[0];
  if (candidates.length === 0) {
    const suggestion = closest(name, new Set(all.map((r) => r.foreign.name)));
    throw errors.noRelationship(
      parent.name,
      name,
      parent.schema,
      hint,
      suggestion && hint === null ? `Perhaps you meant '${suggestion}' instead of '${name}'.` : null,
    );
  }
  // A table name that matches both directions of one self-referencing FK is ambiguous too.
  throw errors.ambiguousRelationship(
    parent.name,
    name,
    candidates.map(describe),
    candidates.map((r) => `'${r.foreign.name}!${r.junction ? r.junction.table.name : r.constraint}'`),
  );
}

function describe(r: Relationship) {
  const cols = (xs: string[]) => `(${xs.join(', ')})`;
  if (r.junction) {
    const j = r.junction;
    return {
      cardinality: 'many-to-many',
      embedding: `${r.table.name} with ${r.foreign.name}`,
      relationship: `${j.table.name} using ${j.constraint1}${cols(j.source.map((p) => p[1]))} and ${j.constraint2}${cols(j.target.map((p) => p[0]))}`,
    };
  }
  const card =
    r.cardinality === 'm2o' ? 'many-to-one' : r.cardinality === 'o2m' ? 'one-to-many' : 'one-to-one';
  return {
    cardinality: card,
    embedding: `${r.table.name} with ${r.foreign.name}`,
    relationship: `${r.constraint} using ${r.table.name}${cols(r.columns.map((p) => p[0]))} and ${r.foreign.name}${cols(r.columns.map((p) => p[1]))}`,
  };
}

export const isToOne = (r: Relationship) => r.cardinality === 'm2o' || r.cardinality === 'o2o';

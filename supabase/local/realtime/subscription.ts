// Turning a join's postgres_changes list into live bindings, with hosted Realtime's checks
// and messages: the table must be in publication supabase_realtime (or, for a binding
// without a table, some table of the schema), and filters may only name columns the
// subscriber's role can read.
import type { Catalog } from './catalog.ts';
import { BindingError, parseBinding, type PgBinding } from './channel.ts';
import { FilterError } from './filters.ts';
import type { DbRole } from './tokens.ts';

const PREFIX = 'Unable to subscribe to changes with given parameters.';

/** All bindings, or the error the system message reports (then none is live). */
export async function prepareBindings(
  catalog: Catalog,
  requested: unknown[],
  role: DbRole,
): Promise<{ bindings: PgBinding[]; error: string | null }> {
  const bindings: PgBinding[] = [];
  for (const params of requested) {
    try {
      bindings.push(parseBinding(params));
    } catch (err) {
      if (!(err instanceof BindingError || err instanceof FilterError)) throw err;
      return { bindings: [], error: `${PREFIX} Exception: ${err.message}` };
    }
  }
  const error = await checkBindings(catalog, bindings, role);
  return error ? { bindings: [], error } : { bindings, error: null };
}

function notEnabled(b: PgBinding): string {
  const filters = b.conditions.map(
    (c) =>
      `{${JSON.stringify(c.column)}, ${JSON.stringify(c.op)}, ${JSON.stringify(c.op === 'in' ? `(${c.values.join(',')})` : c.value)}}`,
  );
  return `${PREFIX} Please check Realtime is enabled for the given connect parameters: [event: ${b.event}, schema: ${b.schema}, table: ${b.table ?? '*'}, filters: [${filters.join(', ')}], select: ${b.select ? JSON.stringify(b.select) : 'nil'}]`;
}

async function checkBindings(catalog: Catalog, bindings: PgBinding[], role: DbRole): Promise<string | null> {
  for (const b of bindings) {
    if (b.table === null) {
      if (!(await catalog.publishedInSchema(b.schema))) return notEnabled(b);
      if (b.conditions.length || b.select) return `${PREFIX} Exception: filters and select need a table`;
      continue;
    }
    if (!(await catalog.isPublished(b.schema, b.table))) return notEnabled(b);
    const t = await catalog.table(b.schema, b.table);
    if (!t) return notEnabled(b);
    for (const c of b.conditions) {
      if (!t.byName.get(c.column)?.select[role])
        return `${PREFIX} Exception: invalid column for filter ${c.column}`;
    }
    for (const c of b.select ?? []) {
      if (!t.byName.has(c)) return `${PREFIX} Exception: invalid column for select ${c}`;
    }
  }
  return null;
}

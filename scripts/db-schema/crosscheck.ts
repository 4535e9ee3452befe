// The cross-check: an established schema differ (@pgkit/migra, a port of migra) compares the
// database supabase/migrations build with the one supabase/schemas build, independently of
// our own differ (snapshot.ts, diff.ts). Any statement it would run is a difference.
//
// On PostgreSQL (a server URL) both databases are fresh databases on that server and migra
// reads them with its own client; without one they are in-memory PGlite databases read
// through a small adapter (migra's inspector asks only `oneFirst` and `any` of a connection).
import { createClient, type Queryable as MigraQueryable, type SQLQuery } from '@pgkit/client';
import { Migration } from '@pgkit/migra';
import type { Database } from '../../supabase/local/db/database.ts';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { openScratchDatabase, type ScratchDatabase } from '../../supabase/local/db/scratch.ts';
import { openFreshPglite } from '../db-types/generate.ts';
import { applySchemas } from './build.ts';

/**
 * Schemas left out of the comparison: the migrations' bookkeeping (only the migrated side
 * has it). Everything else is compared, the auth and storage emulation included: both sides
 * build it from the same bootstrap.sql, so it differs only where a migration or a schema
 * file changes it (a trigger on auth.users, a policy on storage.objects).
 */
export const EXCLUDED_SCHEMAS = ['supabase_migrations'];

export interface CrossCheckOptions {
  migrationsDir: string;
  schemasDir: string;
  /** a PostgreSQL server to build the two databases on (fresh databases, dropped after); PGlite when absent */
  databaseUrl?: string | null;
}

export interface CrossCheckResult {
  engine: 'postgres' | 'pglite';
  /** PostgreSQL's version string of the databases compared */
  serverVersion: string;
  /** what migra would run to bring the migrated database to the schema files; empty when equal */
  statements: string[];
}

export async function crossCheck(opts: CrossCheckOptions): Promise<CrossCheckResult> {
  const open = async (label: string): Promise<ScratchDatabase> => {
    if (opts.databaseUrl) return openScratchDatabase(opts.databaseUrl, label);
    const db = await openFreshPglite();
    return { db, url: null, drop: () => db.close() };
  };
  const [from, to] = await Promise.all([open('crosscheck_migrations'), open('crosscheck_schemas')]);
  try {
    await Promise.all([
      migrate(from.db, { migrationsDir: opts.migrationsDir }),
      applySchemas(to.db, opts.schemasDir),
    ]);
    const { rows } = await from.db.query<{ v: string }>(`select current_setting('server_version') as v`);
    const statements = await withMigraConnection(from, (a) =>
      withMigraConnection(to, (b) => migraStatements(a, b)),
    );
    return { engine: from.url ? 'postgres' : 'pglite', serverVersion: rows[0].v, statements };
  } finally {
    await Promise.all([from.drop(), to.drop()]);
  }
}

/** migra's statements from one side to the other, privileges included, drops allowed. */
async function migraStatements(from: MigraQueryable, to: MigraQueryable): Promise<string[]> {
  const m = await Migration.create(from, to, { exclude_schema: EXCLUDED_SCHEMAS });
  m.set_safety(false);
  m.add_all_changes(true);
  return [...m.statements].map((s) => s.trim()).filter(Boolean);
}

/** Runs fn with migra's client on a server database, or an adapter over an in-memory PGlite. */
async function withMigraConnection<T>(side: ScratchDatabase, fn: (q: MigraQueryable) => Promise<T>) {
  if (!side.url) return fn(pgliteQueryable(side.db));
  const client = createClient(side.url);
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** What migra's inspector asks of a connection (`oneFirst`, `any`), over one of our databases. */
function pgliteQueryable(db: Database): MigraQueryable {
  const rows = async (q: SQLQuery<unknown>) => (await db.query(q.sql, q.values)).rows;
  const adapter: Pick<MigraQueryable, 'any' | 'oneFirst'> = {
    any: rows as MigraQueryable['any'],
    oneFirst: (async (q: SQLQuery<unknown>) => {
      const [row] = await rows(q);
      return Object.values(row as object)[0];
    }) as MigraQueryable['oneFirst'],
  };
  return adapter as MigraQueryable;
}

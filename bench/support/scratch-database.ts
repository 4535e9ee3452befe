// A database of a bench's own: a fresh in-memory PGlite, or a fresh database on the
// PostgreSQL server named by BENCH_DATABASE_URL (dropped afterwards).
import type { Database } from '../../supabase/local/db/database.ts';
import { openScratchDatabase } from '../../supabase/local/db/scratch.ts';

export const PG_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

export type DbKind = 'pglite' | 'postgres';

/** Runs fn on a fresh database; url is its connection string on PostgreSQL, null on PGlite. */
export async function withScratchDatabase<T>(
  kind: DbKind,
  label: string,
  fn: (db: Database, url: string | null) => Promise<T>,
  opts: { poolSize?: number } = {},
): Promise<T> {
  const scratch = await openScratchDatabase(kind === 'postgres' ? PG_URL : null, `bench_${label}`, opts);
  try {
    return await fn(scratch.db, scratch.url);
  } finally {
    await scratch.drop();
  }
}

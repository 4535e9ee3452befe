// A database of a bench's own: a fresh in-memory PGlite, or a fresh database on the
// PostgreSQL server named by BENCH_DATABASE_URL (dropped afterwards).
import pg from 'pg';
import { openDatabase, type Database } from '../../supabase/local/db/database.ts';

export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

export type DbKind = 'pglite' | 'postgres';

/** Runs fn on a fresh database; url is its connection string on PostgreSQL, null on PGlite. */
export async function withScratchDatabase<T>(
  kind: DbKind,
  label: string,
  fn: (db: Database, url: string | null) => Promise<T>,
): Promise<T> {
  if (kind === 'pglite') {
    const db = await openDatabase({ dataDir: null });
    try {
      return await fn(db, null);
    } finally {
      await db.close();
    }
  }
  const name = `drape_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: u.toString() });
    try {
      return await fn(db, u.toString());
    } finally {
      await db.close();
      // closed clients say goodbye asynchronously: let them go before the forced drop
      for (let i = 0; i < 40; i++) {
        const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

// A throw-away database for tests and benchmarks: a fresh in-memory PGlite, or a fresh
// database created on the PostgreSQL server at adminUrl (dropped by drop()).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './database.ts';

export interface ScratchDatabase {
  db: Database;
  /** connection string of the new database on PostgreSQL; null on PGlite */
  url: string | null;
  /** closes db and, on PostgreSQL, drops the database */
  drop(): Promise<void>;
}

async function admin(adminUrl: string, sql: string, params?: unknown[]) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

export async function openScratchDatabase(
  adminUrl: string | null | undefined,
  label: string,
  opts: { poolSize?: number } = {},
): Promise<ScratchDatabase> {
  if (!adminUrl) {
    const db = await openDatabase({ dataDir: null });
    return { db, url: null, drop: () => db.close() };
  }
  const name = `drape_${label}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin(adminUrl, `create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: u.toString(), poolSize: opts.poolSize });
  return {
    db,
    url: u.toString(),
    async drop() {
      await db.close();
      // closed clients say goodbye asynchronously: let them go before the forced drop
      for (let i = 0; i < 40; i++) {
        const { rows } = await admin(
          adminUrl,
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await admin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

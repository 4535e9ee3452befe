// The generated database types of the project's migrations: a fresh in-memory PGlite is
// brought to the schema (supabase/local/db/migrate.ts, the same path the stack takes) and its
// catalogue rendered.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Database, openDatabase } from '../../supabase/local/db/database.ts';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { readCatalog } from './catalog.ts';
import { renderDatabaseTypes } from './render.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A fresh PGlite. Creating its cluster (initdb) is most of the time this script takes (3 s on
 * an idle machine, 15 s on a busy one), so the new cluster is kept in node_modules/.cache per
 * PGlite version and later runs start from that copy (about 1 s).
 */
export async function openFreshPglite(): Promise<Database> {
  const { version } = JSON.parse(
    readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  );
  const cacheDir = path.join(root, 'node_modules/.cache/drape');
  const cached = path.join(cacheDir, `pglite-${version}-initdb.tar`);
  if (existsSync(cached)) {
    try {
      return await openDatabase({ dataDir: null, loadDataDir: new Blob([readFileSync(cached)]) });
    } catch {
      // an unreadable copy: make a new one below
    }
  }
  const db = await openDatabase({ dataDir: null });
  const dump = (db as Database & { dumpDataDir?: () => Promise<Blob> }).dumpDataDir;
  if (dump) {
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await (await dump()).arrayBuffer()));
    renameSync(partial, cached);
  }
  return db;
}

export async function generateDatabaseTypes(migrationsDir: string, schema = 'public'): Promise<string> {
  const db = await openFreshPglite();
  try {
    await migrate(db, { migrationsDir });
    return renderDatabaseTypes(await readCatalog(db, schema));
  } finally {
    await db.close();
  }
}

/** The lines that differ between two versions of the file, for a short report. */
export function changedLines(before: string, after: string, max = 12): string[] {
  const count = (text: string) => {
    const m = new Map<string, number>();
    for (const l of text.split('\n')) m.set(l, (m.get(l) ?? 0) + 1);
    return m;
  };
  const a = count(before);
  const b = count(after);
  const out: string[] = [];
  for (const l of after.split('\n'))
    if ((a.get(l) ?? 0) < (b.get(l) ?? 0) && !out.includes(`+ ${l.trim()}`)) out.push(`+ ${l.trim()}`);
  for (const l of before.split('\n'))
    if ((b.get(l) ?? 0) < (a.get(l) ?? 0) && !out.includes(`- ${l.trim()}`)) out.push(`- ${l.trim()}`);
  return out.length > max ? [...out.slice(0, max), `… and ${out.length - max} more`] : out;
}

// The two databases db:diff compares: one brought up by supabase/migrations (the path the
// stack and hosted Supabase take), one from the declarative schema files alone. Both start
// from the bootstrap (what hosted Supabase has before the first migration) in a fresh
// in-memory PGlite.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../supabase/local/db/database.ts';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { openFreshPglite } from '../db-types/generate.ts';
import { readSnapshot, type Snapshot } from './snapshot.ts';
import { splitSql } from './split.ts';

const root = path.resolve(import.meta.dirname, '../..');
const BOOTSTRAP = path.join(root, 'supabase/local/db/bootstrap.sql');

/** The schema files in the order they are applied: by file name (as `supabase db diff` does). */
export function schemaFiles(schemasDir: string): string[] {
  if (!existsSync(schemasDir)) return [];
  return readdirSync(schemasDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => path.join(schemasDir, f));
}

export async function snapshotOfMigrations(
  migrationsDir: string,
  extraDirs: string[] = [],
): Promise<Snapshot> {
  const db = await openFreshPglite();
  try {
    await migrate(db, { migrationsDir, extraMigrationsDirs: extraDirs });
    return await readSnapshot(db);
  } finally {
    await db.close();
  }
}

export async function snapshotOfSchemas(schemasDir: string): Promise<Snapshot> {
  const db = await openFreshPglite();
  try {
    await applySchemas(db, schemasDir);
    return await readSnapshot(db);
  } finally {
    await db.close();
  }
}

/** Runs the bootstrap, then every statement of the schema files; an error names file and line. */
export async function applySchemas(db: Database, schemasDir: string): Promise<void> {
  await db.exec(readFileSync(BOOTSTRAP, 'utf8'));
  const files = schemaFiles(schemasDir);
  const duplicates = findDuplicateDefinitions(files);
  if (duplicates.length)
    throw new Error(
      `defined more than once in the schema files (keep one definition):\n${duplicates.map((d) => `  ${d}`).join('\n')}`,
    );
  for (const file of files) {
    for (const st of splitSql(readFileSync(file, 'utf8'))) {
      try {
        await db.exec(st.body);
      } catch (err) {
        throw new Error(`${path.relative(root, file)}:${st.line}: ${(err as Error).message}`);
      }
    }
  }
}

/** Statements that define the same function, table, view, index, trigger or policy twice. */
export function findDuplicateDefinitions(files: string[]): string[] {
  const seen = new Map<string, string>();
  const out: string[] = [];
  for (const file of files) {
    for (const st of splitSql(readFileSync(file, 'utf8'))) {
      const key = definitionKey(st.body);
      if (!key) continue;
      const where = `${path.basename(file)}:${st.line}`;
      const first = seen.get(key);
      if (first) out.push(`${key} (${first} and ${where})`);
      else seen.set(key, where);
    }
  }
  return out;
}

const NAME = String.raw`((?:"[^"]+"|[\w$]+)(?:\s*\.\s*(?:"[^"]+"|[\w$]+))?)`;
const qualify = (name: string) => {
  const n = name.replace(/\s+/g, '').toLowerCase();
  return n.includes('.') ? n : `public.${n}`;
};

/** What a CREATE statement defines, e.g. `function public.f(uuid,text)`; null for anything else. */
export function definitionKey(sql: string): string | null {
  const s = sql.replace(/\s+/g, ' ').trim();
  let m = new RegExp(`^create (?:or replace )?(function|procedure) ${NAME} ?\\(`, 'i').exec(s);
  if (m) return `function ${qualify(m[2])}(${argTypes(s.slice(m[0].length)).join(',')})`;
  m = new RegExp(`^create (?:or replace )?(?:materialized )?view ${NAME}`, 'i').exec(s);
  if (m) return `view ${qualify(m[1])}`;
  m = new RegExp(`^create (?:unlogged )?table (?:if not exists )?${NAME}`, 'i').exec(s);
  if (m) return `table ${qualify(m[1])}`;
  m = new RegExp(
    `^create (?:unique )?index (?:concurrently )?(?:if not exists )?${NAME} on (?:only )?${NAME}`,
    'i',
  ).exec(s);
  if (m) return `index ${m[1].toLowerCase()} on ${qualify(m[2])}`;
  m = new RegExp(`^create (?:or replace )?(?:constraint )?trigger ${NAME} .*? on ${NAME}`, 'i').exec(s);
  if (m) return `trigger ${m[1].toLowerCase()} on ${qualify(m[2])}`;
  m = new RegExp(`^create policy ${NAME} on ${NAME}`, 'i').exec(s);
  if (m) return `policy ${m[1]} on ${qualify(m[2])}`;
  return null;
}

/** The argument types of a function's identity from the text after its opening parenthesis. */
function argTypes(rest: string): string[] {
  let depth = 1;
  let i = 0;
  for (; i < rest.length && depth > 0; i++) {
    if (rest[i] === '(') depth++;
    else if (rest[i] === ')') depth--;
  }
  const inner = rest.slice(0, i - 1);
  const args: string[] = [];
  let cur = '';
  depth = 0;
  let quoted = false;
  for (const ch of inner) {
    if (ch === "'") quoted = !quoted;
    if (!quoted && ch === '(') depth++;
    if (!quoted && ch === ')') depth--;
    if (ch === ',' && depth === 0 && !quoted) {
      args.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) args.push(cur);
  const TYPE_START = /^(double|character|timestamp|time|bit|interval|national)$/i;
  return args
    .map((a) => a.replace(/\s+(default|=)\s.*$/i, '').trim())
    .filter((a) => !/^out\s/i.test(a))
    .map((a) => a.replace(/^(in|inout|variadic)\s+/i, ''))
    .map((a) => {
      const words = a.split(' ');
      return words.length > 1 && !TYPE_START.test(words[0]) ? words.slice(1).join(' ') : a;
    })
    .map((a) => a.toLowerCase());
}

// Brings a database to the project's schema: the bootstrap (what hosted Supabase has
// before any migration), then each supabase/migrations/*.sql not yet applied, in file-name
// order, each in its own transaction and recorded in supabase_migrations.schema_migrations,
// then seed.sql on a database that has not been seeded.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const BOOTSTRAP = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap.sql');

export interface MigrateOptions {
  migrationsDir: string;
  /** applied after migrationsDir, same rules (tests add fixture tables this way) */
  extraMigrationsDirs?: string[];
  seedFile?: string | null;
  log?: (line: string) => void;
}

export interface MigrateReport {
  applied: string[];
  seeded: boolean;
}

/** Serialises concurrent starts against one PostgreSQL database (tests start several). */
const LOCK_KEY = 7_262_001;

export async function migrate(db: Database, opts: MigrateOptions): Promise<MigrateReport> {
  const log = opts.log ?? (() => {});
  const run = async (): Promise<MigrateReport> => {
    await db.exec(readFileSync(BOOTSTRAP, 'utf8'));
    await db.exec(`create table if not exists supabase_migrations.seed_files (
      path text primary key, applied_at timestamptz not null default now())`);

    const done = new Set(
      (
        await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
      ).rows.map((r) => r.version),
    );
    const listDir = (dir: string) =>
      existsSync(dir)
        ? readdirSync(dir)
            .filter((f) => f.endsWith('.sql'))
            .sort()
            .map((f) => ({ dir, file: f }))
        : [];
    const files = [opts.migrationsDir, ...(opts.extraMigrationsDirs ?? [])].flatMap(listDir);
    const applied: string[] = [];
    for (const { dir, file } of files) {
      const m = /^(\d+)_?(.*)\.sql$/.exec(file);
      if (!m) throw new Error(`migration file name must start with a version number: ${file}`);
      const [, version, name] = m;
      if (done.has(version)) continue;
      const sql = readFileSync(path.join(dir, file), 'utf8');
      try {
        await db.exec(`begin;\n${sql}\n;\ninsert into supabase_migrations.schema_migrations (version, name, statements)
          values ('${version}', '${name.replace(/'/g, "''")}', array[]::text[]);\ncommit;`);
      } catch (err) {
        await db.exec('rollback').catch(() => {});
        const { message, position } = err as { message?: string; position?: string };
        throw new Error(
          `migration ${file} failed: ${message}${position ? ` (at character ${position})` : ''}`,
        );
      }
      applied.push(file);
      log(`applied migration ${file}`);
    }

    let seeded = false;
    if (opts.seedFile && existsSync(opts.seedFile)) {
      const key = path.basename(opts.seedFile);
      const already = await db.query('select 1 from supabase_migrations.seed_files where path = $1', [key]);
      if (already.rows.length === 0) {
        const sql = readFileSync(opts.seedFile, 'utf8');
        try {
          await db.exec(
            `begin;\n${sql}\n;\ninsert into supabase_migrations.seed_files (path) values ('${key}');\ncommit;`,
          );
        } catch (err) {
          await db.exec('rollback').catch(() => {});
          throw new Error(`seed ${key} failed: ${(err as Error).message}`);
        }
        seeded = true;
        log(`seeded ${key}`);
      }
    }
    return { applied, seeded };
  };

  if (db.kind === 'postgres') {
    // Hold a transaction-level advisory lock on one pooled connection while the work runs
    // on others: a second process starting against the same database waits its turn.
    return db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
      return run();
    });
  }
  return run();
}

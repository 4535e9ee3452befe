// Reads committed changes of the published tables (see capture.sql): notifications carry
// [id, schema, table]; ids of tables nobody listens to are dropped without a query, the rest are
// fetched in batches and handed over one by one, in commit-notification order.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/database.ts';

const CAPTURE_SQL = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'capture.sql'),
  'utf8',
);
const INSTALL_LOCK = 7_262_101;
const BATCH = 500;
/** How long a captured change stays in _realtime.changes (other stacks on the same database read it too). */
const KEEP_SECONDS = 60;
const PRUNE_EVERY_MS = 15_000;
const PARALLEL_CHECKS = 6;

export interface CapturedChange {
  id: string;
  relid: number;
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  /** JSON text of the new row (INSERT/UPDATE) */
  record: string | null;
  /** JSON text of the whole old row (UPDATE/DELETE); trimmed to the identity later */
  oldRecord: string | null;
  commitTimestamp: string;
}

export interface CaptureOptions {
  db: Database;
  /** whether any subscriber could want changes of this table (cheap, in memory) */
  wants(schema: string, table: string): boolean;
  /** works out the recipients of a change; the returned step sends it (called in order) */
  prepare(change: CapturedChange): Promise<(() => void) | null>;
  /** table definitions, grants or the publication may have changed */
  onCatalogChange(): void;
  log(message: string): void;
}

export async function installCapture(db: Database): Promise<void> {
  // One simple-protocol script runs as one implicit transaction on both drivers: all or
  // nothing, and on PostgreSQL the advisory lock makes stacks starting together on one
  // database install one after another.
  await db.exec(
    `select pg_advisory_xact_lock(${INSTALL_LOCK});\n${CAPTURE_SQL}\n;select _realtime.sync_capture();`,
  );
}

export async function startCapture(opts: CaptureOptions): Promise<{ stop(): Promise<void> }> {
  const { db } = opts;
  await installCapture(db);

  const pending: string[] = [];
  let running = false;
  let stopped = false;

  const drain = async () => {
    if (running) return;
    running = true;
    try {
      while (pending.length && !stopped) {
        const ids = pending.splice(0, BATCH);
        const { rows } = await db.query<{
          id: string;
          relid: number;
          schema_name: string;
          table_name: string;
          type: CapturedChange['type'];
          record: string | null;
          old_record: string | null;
          ts: string;
        }>(
          `select id::text, relid::int as relid, schema_name::text, table_name::text, type,
                  record::text as record, old_record::text as old_record,
                  to_char(committed_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts
             from _realtime.changes where id = any($1::bigint[])`,
          [`{${ids.join(',')}}`],
        );
        // in notification order, which is commit order (ids are handed out before commit)
        const byId = new Map(rows.map((r) => [r.id, r]));
        const changes: CapturedChange[] = [];
        for (const id of ids) {
          const r = byId.get(id);
          if (r) {
            changes.push({
              id: r.id,
              relid: r.relid,
              schema: r.schema_name,
              table: r.table_name,
              type: r.type,
              record: r.record,
              oldRecord: r.old_record,
              commitTimestamp: r.ts,
            });
          }
        }
        // PostgreSQL checks several changes at once on its pool; PGlite has one connection.
        const window = db.kind === 'postgres' ? PARALLEL_CHECKS : 1;
        for (let i = 0; i < changes.length && !stopped; i += window) {
          const prepared = changes.slice(i, i + window).map((c) =>
            opts.prepare(c).catch((err: unknown) => {
              opts.log(
                `change ${c.id} on ${c.schema}.${c.table} not delivered: ${(err instanceof Error && err.stack) || err}`,
              );
              return null;
            }),
          );
          for (const p of prepared) (await p)?.();
        }
      }
    } catch (err) {
      if (!stopped) opts.log(`reading captured changes failed: ${err instanceof Error ? err.message : err}`);
    } finally {
      running = false;
      if (pending.length && !stopped) setImmediate(drain);
    }
  };

  const unlistenChanges = await db.listen('realtime_changes', (payload) => {
    let note: unknown;
    try {
      note = JSON.parse(payload);
    } catch {
      return;
    }
    if (!Array.isArray(note) || note.length !== 3) return;
    const [id, schema, table] = note;
    if (!Number.isSafeInteger(id) || !opts.wants(String(schema), String(table))) return;
    pending.push(String(id));
    if (!running) queueMicrotask(drain);
  });
  const unlistenCatalog = await db.listen('realtime_catalog', () => opts.onCatalogChange());

  const prune = () =>
    db
      .query(`delete from _realtime.changes where committed_at < now() - make_interval(secs => $1::int)`, [
        String(KEEP_SECONDS),
      ])
      .catch((err) => opts.log(`pruning captured changes failed: ${err.message}`));
  await prune();
  const pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
  pruneTimer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(pruneTimer);
      await unlistenChanges().catch(() => {});
      await unlistenCatalog().catch(() => {});
    },
  };
}

// One interface over the two databases the stack runs on: embedded PGlite (the default,
// a single in-process connection) and any PostgreSQL server (a pool of real connections).
//
// Conventions every caller follows so both behave the same:
// - pass parameters as strings (or null) and cast them in SQL (`$1::uuid`), never rely on
//   a driver's own serialisation of arrays or objects;
// - when the answer goes to a client as JSON, build the JSON in SQL (`json_agg`, `to_json`)
//   and select it `::text`, so the bytes are Postgres's own on both drivers.
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { runBatch } from './pg-batch.ts';
import { decodeBatch, encodeBatch } from './pglite-batch.ts';

// biome-ignore lint/suspicious/noExplicitAny: rows are what the SQL selects; a caller that relies on their shape names R
export interface QueryResult<R = Record<string, any>> {
  rows: R[];
  fields: { name: string; dataTypeID: number }[];
  /** rows returned or changed by the (last) statement */
  rowCount: number;
}

export interface Queryable {
  // biome-ignore lint/suspicious/noExplicitAny: as QueryResult's rows
  query<R = Record<string, any>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}

export interface Statement {
  text: string;
  values?: unknown[];
  /** a prepared-statement name: parsed once per connection (PostgreSQL only) */
  name?: string;
}

/** Sends statements in one exchange (see `session`); resolves with each statement's result. */
export type Batch = (statements: Statement[]) => Promise<QueryResult[]>;

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs a script of several statements without parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
  /**
   * Runs fn inside BEGIN … COMMIT on one connection; a throw rolls everything back.
   * PGlite has a single connection, so its transactions run one after another.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * The REST hot path: holds one connection (PGlite: its only session) for fn. `batch` sends
   * its statements with a single Sync — one write, one round trip — as one implicit
   * transaction that commits at the end or rolls back at the first error (which rejects
   * the batch); a BEGIN inside opens an explicit transaction that later batches end.
   * Values come back as text. A transaction left open is rolled back before release.
   */
  session?<T>(fn: (batch: Batch) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; notifications arrive after the sending transaction commits. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… to use a server; otherwise PGlite in dataDir (or in memory when null). */
  databaseUrl?: string | null;
  dataDir?: string | null;
  /** A PGlite data-directory dump to start from (tests start from a migrated snapshot). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize);
  return openPglite(opts.dataDir ?? null, opts.loadDataDir);
}

// ---------------------------------------------------------------------------------------
// PGlite

async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = new PGlite({ dataDir: dataDir ?? undefined, loadDataDir, relaxedDurability: false });
  await db.waitReady;

  const toResult = <R>(r: {
    rows: unknown[];
    fields: { name: string; dataTypeID: number }[];
    affectedRows?: number;
    rowCount?: number;
  }): QueryResult<R> => ({
    rows: r.rows as R[],
    fields: r.fields,
    rowCount: r.affectedRows ?? r.rowCount ?? r.rows.length,
  });

  // named statements already parsed in this database's single session (see session())
  const prepared = new Map<string, string>();
  const internals = db as unknown as {
    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
    _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  };
  const hasLocks =
    typeof internals._runExclusiveTransaction === 'function' &&
    typeof internals._runExclusiveQuery === 'function';

  return {
    kind: 'pglite',
    async query<R>(sql: string, params?: unknown[]) {
      return toResult<R>(await db.query(sql, params));
    },
    async exec(sql) {
      await db.exec(sql);
    },
    transaction(fn) {
      return db.transaction((tx) =>
        fn({ query: async <R>(sql: string, params?: unknown[]) => toResult<R>(await tx.query(sql, params)) }),
      );
    },
    // (only when this PGlite version has the locks it relies on; the caller falls back to
    // transaction() otherwise)
    session: !hasLocks
      ? undefined
      : (fn) => {
          // PGlite's transaction lock keeps every other caller out until fn is done
          return internals._runExclusiveTransaction(async () => {
            let status = 'I';
            const run = (statements: Statement[]) =>
              internals._runExclusiveQuery(async () => {
                const { messages } = await db.execProtocol(encodeBatch(statements, prepared), {
                  throwOnError: false,
                });
                const out = decodeBatch(messages);
                status = out.status;
                if (out.error) throw out.error;
                for (const st of statements) if (st.name) prepared.set(st.name, st.text);
                return out.results;
              });
            try {
              return await fn(run);
            } finally {
              if (status !== 'I') await run([{ text: 'ROLLBACK' }]).catch(() => {});
            }
          });
        },
    async listen(channel, onPayload) {
      const unlisten = await db.listen(channel, onPayload);
      return () => unlisten();
    },
    async close() {
      if (!db.closed) await db.close();
    },
    // exposed for snapshots in tests
    ...({ dumpDataDir: () => db.dumpDataDir('none') } as object),
  };
}

// ---------------------------------------------------------------------------------------
// PostgreSQL

async function openPostgres(url: string, poolSize?: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize ?? Number(process.env.DB_POOL_SIZE ?? 20),
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (err) => console.error('[db] idle client error:', err.message));
  // Fail fast with a clear message when the server is not there.
  const probe = await pool.connect();
  probe.release();

  const toResult = <R>(r: pg.QueryResult): QueryResult<R> => ({
    rows: r.rows as R[],
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    rowCount: r.rowCount ?? r.rows.length,
  });

  // One dedicated LISTEN connection, made once even when two listeners start at the same time
  // (the dispatcher's and the push sender's): a second connection would never go back to the
  // pool, and closing the pool would wait for it forever.
  let listener: Promise<pg.PoolClient> | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  function listenerClient(): Promise<pg.PoolClient> {
    listener ??= pool.connect().then((client) => {
      client.on('notification', (n) => {
        for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
      });
      return client;
    });
    listener.catch(() => {
      listener = null;
    });
    return listener;
  }

  const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

  return {
    kind: 'postgres',
    async query<R>(sql: string, params?: unknown[]) {
      return toResult<R>(await pool.query(sql, params));
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn({
          query: async <R>(sql: string, params?: unknown[]) => toResult<R>(await client.query(sql, params)),
        });
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async session(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return await fn((statements) => runBatch(client, statements));
      } finally {
        if (client.getTransactionStatus?.() !== 'I') {
          await client.query('ROLLBACK').catch((err: Error) => (broken = err));
        }
        client.release(broken);
      }
    },
    async listen(channel, onPayload) {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${quoteIdent(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set!.delete(onPayload);
        if (set!.size === 0) {
          handlers.delete(channel);
          await client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
        }
      };
    },
    async close() {
      // the listener is dedicated (and may still be running an UNLISTEN): end it, don't pool it
      const client = await listener?.catch(() => null);
      client?.release(true);
      listener = null;
      await pool.end();
    },
  };
}

// Several statements in one extended-protocol exchange on a node-postgres client: Parse
// (when the named statement is new on this connection) / Bind / Describe / Execute for
// each, then a single Sync — one write and one round trip. Until the Sync the statements
// share one implicit transaction (committed at the Sync, or rolled back entirely at the
// first error, which PostgreSQL reports once and then skips the rest); a statement may
// also open an explicit transaction with BEGIN, which then outlives the exchange.
//
// node-postgres runs such an object like any query (it is a "submittable"), so the
// client's queueing and error handling stay in charge. Column values come back as text.
import type pg from 'pg';
import type { QueryResult, Statement } from './database.ts';

interface PgConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  parse(q: { text: string; name?: string; types?: number[] }): void;
  bind(c: { portal?: string; statement?: string; values?: unknown[] }): void;
  describe(m: { type: 'P' | 'S'; name?: string }): void;
  execute(c: { portal?: string; rows?: number }): void;
  close(m: { type: 'P' | 'S'; name?: string }): void;
  sync(): void;
}

interface Field {
  name: string;
  dataTypeID: number;
}

export class Batch {
  private results: QueryResult[] = [];
  private current: QueryResult | null = null;
  private error: unknown = null;
  private resolve!: (r: QueryResult[]) => void;
  private reject!: (e: unknown) => void;
  readonly promise: Promise<QueryResult[]>;
  private fields: Field[] = [];

  constructor(private readonly statements: Statement[]) {
    this.promise = new Promise((res, rej) => {
      this.resolve = res;
      this.reject = rej;
    });
  }

  submit(connection: PgConnection): Error | null {
    connection.stream.cork?.();
    try {
      for (const s of this.statements) {
        const known = s.name !== undefined && connection.parsedStatements[s.name] === s.text;
        if (!known) {
          // a Parse that succeeded in a batch that failed later is unknown to us: close first
          if (s.name) connection.close({ type: 'S', name: s.name });
          connection.parse({ text: s.text, name: s.name });
        }
        connection.bind({ statement: s.name, values: (s.values ?? []) as unknown[] });
        connection.describe({ type: 'P' });
        connection.execute({});
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  // ---- called by the client as messages arrive

  handleRowDescription(msg: { fields: Field[] }) {
    this.fields = msg.fields;
    this.current = {
      rows: [],
      fields: msg.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      rowCount: 0,
    };
  }

  handleDataRow(msg: { fields: (string | null)[] }) {
    const row: Record<string, string | null> = {};
    for (let i = 0; i < this.fields.length; i++) row[this.fields[i].name] = msg.fields[i];
    this.current!.rows.push(row);
  }

  handleCommandComplete(msg: { text: string }) {
    const r = this.current ?? { rows: [], fields: [], rowCount: 0 };
    const n = /(\d+)$/.exec(msg.text);
    r.rowCount = n ? Number(n[1]) : r.rows.length;
    this.results.push(r);
    this.current = null;
  }

  handleEmptyQuery() {
    this.results.push({ rows: [], fields: [], rowCount: 0 });
  }

  handleError(err: unknown, connection: PgConnection & { once?(e: string, f: () => void): void }) {
    // The client forgets us here. PostgreSQL still sends ReadyForQuery; settle after it, so
    // the client's transaction status is current when the caller decides to roll back.
    this.error = err;
    const fromServer = typeof (err as { severity?: unknown })?.severity === 'string';
    if (fromServer && connection?.once) connection.once('readyForQuery', () => this.reject(err));
    else this.reject(err);
  }

  handleReadyForQuery(connection: PgConnection) {
    if (this.error) return;
    for (const s of this.statements) if (s.name) connection.parsedStatements[s.name] = s.text;
    this.resolve(this.results);
  }

  handlePortalSuspended() {}
  handleCopyInResponse() {}
  handleCopyData() {}
}

export function runBatch(client: pg.PoolClient, statements: Statement[]): Promise<QueryResult[]> {
  const batch = new Batch(statements);
  client.query(batch as unknown as pg.QueryConfig);
  return batch.promise;
}

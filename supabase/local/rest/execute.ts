// Runs one request as one transaction: the role and request.* settings first
// (transaction-local, so row-level security is Postgres's own), then the request's single
// statement. Both go in one extended-protocol exchange (PostgreSQL: one write, one round
// trip; PGlite: one call) as one implicit transaction, and as named prepared statements,
// so a repeated request is neither parsed nor planned again; a write whose outcome decides
// between COMMIT and ROLLBACK opens an explicit transaction instead. A database without
// sessions falls back to a plain transaction.
import { createHash } from 'node:crypto';
import type { Database, QueryResult, Statement } from '../db/database.ts';
import type { ApiRole } from '../jwt.ts';

export interface RequestSettings {
  role: ApiRole;
  claims: string;
  method: string;
  path: string;
  headers: string;
  cookies: string;
  readOnly: boolean;
  /** `alter role … set` settings of the role (statement_timeout…), applied like PostgREST */
  roleSettings: [string, string][];
}

export interface StatementResult {
  total: number | null;
  page: number;
  body: string | null;
  /** response.headers / response.status set by SQL during the request */
  headers: string | null;
  status: string | null;
}

/** What to do once the statement answered: commit, or fail (rolling back). */
export type Decision = 'commit' | Error;

export interface Executor {
  run(
    settings: RequestSettings,
    text: string,
    values: (string | null)[],
    decide?: (r: StatementResult) => Decision,
  ): Promise<StatementResult>;
}

const ROLES = new Set<ApiRole>(['anon', 'authenticated', 'service_role']);
/** Settings a role may carry that are applied per request; anything else is ignored. */
const ROLE_SETTINGS = new Set([
  'statement_timeout',
  'lock_timeout',
  'idle_in_transaction_session_timeout',
  'search_path',
  'work_mem',
]);

// Named statements live on every pooled connection (and in the server's memory); past this many
// distinct texts, statements run unnamed (parsed and planned each time).
const MAX_PREPARED = 300;

function toResult(r: QueryResult): StatementResult {
  const row = r.rows[0] ?? {};
  return {
    total: row.total === null || row.total === undefined ? null : Number(row.total),
    page: Number(row.page ?? 0),
    body: row.body ?? null,
    headers: row.headers ?? null,
    status: row.status ?? null,
  };
}

export function createExecutor(db: Database): Executor {
  const setupTexts = new Map<string, string>();
  const prepared = new Map<string, string>();

  function setup(s: RequestSettings, inlineReadOnly: boolean): Statement {
    if (!ROLES.has(s.role)) throw new Error(`refusing to run as role ${s.role}`);
    const extra = s.roleSettings.filter(([k]) => ROLE_SETTINGS.has(k));
    const values: string[] = [s.role, s.claims, s.method, s.path, s.headers, s.cookies];
    for (const [k, v] of extra) values.push(k, v);
    const ro = inlineReadOnly && s.readOnly;
    const shape = `${extra.length}:${ro}`;
    let text = setupTexts.get(shape);
    if (!text) {
      const parts = [
        ...(ro ? [`set_config('transaction_read_only', 'on', true)`] : []),
        `set_config('role', $1, true)`,
        `set_config('request.jwt.claims', $2, true)`,
        `set_config('request.method', $3, true)`,
        `set_config('request.path', $4, true)`,
        `set_config('request.headers', $5, true)`,
        `set_config('request.cookies', $6, true)`,
        ...extra.map((_, i) => `set_config($${7 + 2 * i}, $${8 + 2 * i}, true)`),
      ];
      text = `select ${parts.join(', ')}`;
      setupTexts.set(shape, text);
    }
    return { text, values, name: `rest_setup_${shape.replace(':', '_')}` };
  }

  /** Named by content, so every executor on a database shares one prepared statement. */
  function statementName(text: string): string | undefined {
    let name = prepared.get(text);
    if (!name && prepared.size < MAX_PREPARED) {
      name = `rest_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      prepared.set(text, name);
    }
    return name;
  }

  if (db.session) {
    const session = db.session.bind(db);
    return {
      run(settings, text, values, decide) {
        return session(async (batch) => {
          const main: Statement = { text, values, name: statementName(text) };
          if (!decide) {
            // one exchange, one implicit transaction: settings + statement, committed at Sync
            const out = await batch([setup(settings, true), main]);
            return toResult(out[1]);
          }
          const out = await batch([{ text: 'BEGIN', name: 'rest_begin' }, setup(settings, true), main]);
          const result = toResult(out[2]);
          const d = decide(result);
          await batch([
            d === 'commit'
              ? { text: 'COMMIT', name: 'rest_commit' }
              : { text: 'ROLLBACK', name: 'rest_rollback' },
          ]);
          if (d instanceof Error) throw d;
          return result;
        });
      },
    };
  }

  return {
    async run(settings, text, values, decide) {
      return db.transaction(async (tx) => {
        const s = setup(settings, true);
        await tx.query(s.text, s.values);
        const result = toResult(await tx.query(text, values));
        const d = decide ? decide(result) : 'commit';
        if (d instanceof Error) throw d;
        return result;
      });
    },
  };
}

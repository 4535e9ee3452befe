// The PGlite side of Database.session(): statements written as extended-protocol messages
// (Parse only for named statements new to this database, Bind/Describe/Execute, one Sync)
// and handed to PGlite in one call, so a request's settings and statement are one implicit
// transaction, parsed and planned once per statement text rather than on every request.
import type { QueryResult, Statement } from './database.ts';

const enc = new TextEncoder();

class Writer {
  private parts: Uint8Array[] = [];
  private size = 0;

  message(type: string, body: (Uint8Array | number[])[]) {
    const len = body.reduce((n, b) => n + b.length, 4);
    const head = new Uint8Array(5);
    head[0] = type.charCodeAt(0);
    new DataView(head.buffer).setInt32(1, len);
    this.push(head);
    for (const b of body) this.push(b instanceof Uint8Array ? b : Uint8Array.from(b));
  }

  private push(b: Uint8Array) {
    this.parts.push(b);
    this.size += b.length;
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

const cstr = (s: string) => {
  const b = enc.encode(s);
  const out = new Uint8Array(b.length + 1);
  out.set(b);
  return out;
};
const int16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const int32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

export function encodeBatch(statements: Statement[], prepared: Map<string, string>): Uint8Array {
  const w = new Writer();
  for (const s of statements) {
    const name = s.name ?? '';
    if (!name || prepared.get(name) !== s.text) {
      if (name) w.message('C', [[0x53], cstr(name)]);
      w.message('P', [cstr(name), cstr(s.text), int16(0)]);
    }
    const values = (s.values ?? []) as (string | null)[];
    const params: (Uint8Array | number[])[] = [int16(values.length)];
    for (const v of values) {
      if (v === null || v === undefined) params.push(int32(-1));
      else {
        const b = enc.encode(String(v));
        params.push(int32(b.length), b);
      }
    }
    w.message('B', [cstr(''), cstr(name), int16(0), ...params, int16(0)]);
    w.message('D', [[0x50], cstr('')]);
    w.message('E', [cstr(''), int32(0)]);
  }
  w.message('S', []);
  return w.bytes();
}

interface BackendMessage {
  name: string;
  /** column descriptions (rowDescription) or values (dataRow) */
  fields?: unknown[];
  text?: string;
  status?: string;
}

/**
 * Results per statement from PGlite's parsed messages; throws the first database error.
 * Returns the transaction status of the final ReadyForQuery ('I', 'T' or 'E').
 */
export function decodeBatch(messages: BackendMessage[]): {
  results: QueryResult[];
  error: unknown;
  status: string;
} {
  const results: QueryResult[] = [];
  let current: QueryResult | null = null;
  let names: string[] = [];
  let error: unknown = null;
  let status = 'I';
  for (const m of messages) {
    switch (m.name) {
      case 'rowDescription': {
        const columns = m.fields as { name: string; dataTypeID: number }[];
        names = columns.map((f) => f.name);
        current = {
          rows: [],
          fields: columns.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
          rowCount: 0,
        };
        break;
      }
      case 'dataRow': {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i++) row[names[i]] = m.fields![i];
        current!.rows.push(row);
        break;
      }
      case 'commandComplete': {
        const r = current ?? { rows: [], fields: [], rowCount: 0 };
        const n = /(\d+)$/.exec(m.text ?? '');
        r.rowCount = n ? Number(n[1]) : r.rows.length;
        results.push(r);
        current = null;
        break;
      }
      case 'emptyQuery':
        results.push({ rows: [], fields: [], rowCount: 0 });
        break;
      case 'error':
        error ??= m;
        break;
      case 'readyForQuery':
        status = m.status ?? 'I';
        break;
    }
  }
  return { results, error, status };
}

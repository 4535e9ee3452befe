// Writes responses: status and Content-Range by PostgREST's rules, the body Postgres built,
// and errors as {code, message, details, hint}.
import type { ServerResponse } from 'node:http';
import { RestError } from './errors.ts';

/** `a-b/total`, `*​/total` when empty, total `*` when not counted (PostgREST's contentRangeH). */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const totalStr = total === null ? '*' : String(total);
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${totalStr}`;
}

/** 200, 206 when a counted total exceeds the page, 416 when the offset passes the total. */
export function rangeStatus(lower: number, upper: number, total: number | null): 200 | 206 | 416 {
  if (total === null) return 200;
  if (lower > total) return 416;
  if (1 + upper - lower < total) return 206;
  return 200;
}

export function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | null,
) {
  if (body === null || body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  headers['Content-Length'] = String(Buffer.byteLength(body));
  res.writeHead(status, headers);
  // a string, not a Buffer: a large Buffer per response is external memory, which drives
  // V8 into full garbage collections under load
  res.end(body);
}

export function sendError(res: ServerResponse, err: RestError, head: boolean) {
  const body = JSON.stringify(err.body());
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Proxy-Status': `PostgREST; error=${err.code}`,
    ...err.headers,
  };
  if (head) {
    res.writeHead(err.status, headers);
    res.end();
    return;
  }
  send(res, err.status, headers, body);
}

/**
 * Applies `response.headers` (a JSON array of one-key objects) and `response.status` set by
 * SQL during the request. Bad values give PostgREST's PGRST111/PGRST112.
 */
export function applyGucOverrides(
  status: number,
  headers: Record<string, string>,
  gucHeaders: string | null,
  gucStatus: string | null,
): number {
  if (gucHeaders) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(gucHeaders);
    } catch {
      parsed = null;
    }
    if (
      !Array.isArray(parsed) ||
      !parsed.every(
        (o) =>
          o &&
          typeof o === 'object' &&
          Object.keys(o).length === 1 &&
          typeof Object.values(o)[0] === 'string',
      )
    ) {
      throw new RestError(
        500,
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      );
    }
    for (const o of parsed as Record<string, string>[]) {
      const [k, v] = Object.entries(o)[0];
      if (/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(k) && !/[\r\n]/.test(v)) headers[k] = v;
    }
  }
  if (gucStatus) {
    const n = Number(gucStatus);
    if (!Number.isInteger(n) || n < 100 || n > 599)
      throw new RestError(500, 'PGRST112', 'response.status guc must be a valid status code');
    return n;
  }
  return status;
}

/** JSON array of objects → CSV with a header row (the `text/csv` representation). */
export function jsonToCsv(body: string): string {
  const rows = JSON.parse(body) as Record<string, unknown>[];
  const list = Array.isArray(rows) ? rows : [rows];
  if (list.length === 0) return '';
  const keys = Object.keys(list[0] ?? {});
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return '';
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [keys.map(cell).join(','), ...list.map((r) => keys.map((k) => cell(r[k])).join(','))].join('\n');
}

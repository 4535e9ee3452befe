// Request bodies read up to a limit. A function never holds more of a body than it can use:
// a Content-Length over the limit is refused before a byte is read, and a body without one
// (chunked) is read chunk by chunk and abandoned as soon as it passes the limit. Either way
// the answer is 413 {error, code: 'payload_too_large', limit_bytes}.
//
//   const body = await readJsonBody(req, 16 * 1024);
//   if (body instanceof Response) return body; // 413
import { corsHeaders } from './cors.ts';

export const KIB = 1024;

/** What the browser's small JSON requests (checkout, plan change, …) may weigh. */
export const SMALL_JSON_LIMIT = 16 * KIB;

/** The 413 a function answers for a body over `limit` bytes. */
export function payloadTooLarge(limit: number): Response {
  return Response.json(
    {
      error: `The request body is too large (the limit is ${limit} bytes)`,
      code: 'payload_too_large',
      limit_bytes: limit,
    },
    { status: 413, headers: corsHeaders },
  );
}

/** The declared length, or null when there is none (or it is not a plain number). */
function declaredLength(req: Request): number | null {
  const raw = req.headers.get('content-length');
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return null;
  return Number(raw);
}

async function release(stream: ReadableStream<Uint8Array> | null, reader?: ReadableStreamDefaultReader) {
  // stop the transfer: nothing more of the body is read
  await (reader ? reader.cancel() : stream?.cancel())?.catch(() => {});
}

/**
 * The body's bytes when it is at most `limit` bytes, else the 413 to answer. A stream that
 * fails while it is read (the client went away, the platform refused it) counts as too large
 * only when the platform says so; other failures are rethrown.
 */
export async function readBodyBytes(req: Request, limit: number): Promise<Uint8Array | Response> {
  const declared = declaredLength(req);
  if (declared !== null && declared > limit) {
    await release(req.body);
    return payloadTooLarge(limit);
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch (err) {
      if ((err as { status?: unknown })?.status === 413) return payloadTooLarge(limit);
      throw err;
    }
    if (step.done) break;
    total += step.value.byteLength;
    if (total > limit) {
      await release(null, reader);
      return payloadTooLarge(limit);
    }
    chunks.push(step.value);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** The body as UTF-8 text, or the 413. */
export async function readTextBody(req: Request, limit: number): Promise<string | Response> {
  const bytes = await readBodyBytes(req, limit);
  return bytes instanceof Response ? bytes : new TextDecoder().decode(bytes);
}

/**
 * The body parsed as JSON, or the 413. An empty or malformed body is `null` (each function
 * says what it makes of a missing body).
 */
export async function readJsonBody(req: Request, limit: number): Promise<unknown> {
  const text = await readTextBody(req, limit);
  if (text instanceof Response) return text;
  if (!text.trim()) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * For a function that takes no body (a GET, a trigger): a body over `limit` is refused (413)
 * without being read; a smaller one is read and dropped. Null when the request may go on.
 */
export async function refuseLargeBody(req: Request, limit: number): Promise<Response | null> {
  const read = await readBodyBytes(req, limit);
  return read instanceof Response ? read : null;
}

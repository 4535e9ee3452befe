// Node's request/response ↔ the web Request/Response a function handler speaks. Bodies
// stream both ways; status, headers and body pass through untouched.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';

/** Headers that describe one hop of the connection, not the message. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
]);

export function toWebRequest(req: IncomingMessage, url: string, signal: AbortSignal): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    if (!HOP_BY_HOP.has(raw[i].toLowerCase())) headers.append(raw[i], raw[i + 1]);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : undefined,
    signal,
    // required by Node's fetch for a streamed request body
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** Writes the response; resolves when the body has been sent (or the client went away). */
export async function sendWebResponse(
  res: ServerResponse,
  response: Response,
  method: string,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie' || HOP_BY_HOP.has(key)) return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body || method === 'HEAD') {
    await response.body?.cancel().catch(() => {});
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as unknown as NodeWebStream<Uint8Array>);
  await new Promise<void>((resolve) => {
    const done = () => resolve();
    body.on('error', () => {
      res.destroy();
      done();
    });
    res.on('close', () => {
      body.destroy();
      done();
    });
    body.pipe(res);
  });
}

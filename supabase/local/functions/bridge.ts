// Node's request/response ↔ the web Request/Response a function handler speaks. Bodies
// stream both ways; status, headers and body pass through untouched. A request body is read
// from the socket only as the handler reads it (one chunk per read, nothing ahead), and never
// past the stack's limit: the stream then fails with a 413 error and reading stops.
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

/** The most any function may receive (theirs are smaller: _shared/body.ts). */
export const FUNCTION_BODY_LIMIT = 8 * 1024 * 1024;

/** The error the request body's stream fails with past the limit (`status` 413). */
export class BodyLimitError extends Error {
  readonly status = 413;
  constructor(readonly limit: number) {
    super(`the request body passed ${limit} bytes`);
  }
}

/** What the bridge read of one request body: the handler's reads, not the client's sending. */
export interface BodyReading {
  bytes: number;
  overLimit: boolean;
}

/**
 * The request's body as a web stream that pulls one chunk from the socket per read and
 * fails past `limit` bytes. (Readable.toWeb would read ahead into its queue as fast as the
 * client sends: up to 16 384 chunks, about a gigabyte, before it pauses.) Cancelling it only
 * stops reading; the socket stays, so the answer can still be sent.
 */
export function limitedBody(
  req: IncomingMessage,
  limit: number,
  reading: BodyReading,
): ReadableStream<Uint8Array> {
  req.pause();
  let finished = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (finished) return;
        if (req.readableEnded) {
          finished = true;
          controller.close();
          return;
        }
        return new Promise<void>((resolve) => {
          const done = () => {
            req.off('data', onData);
            req.off('end', onEnd);
            req.off('error', onError);
            req.off('close', onClose);
            resolve();
          };
          const onData = (chunk: Buffer) => {
            req.pause();
            reading.bytes += chunk.byteLength;
            if (reading.bytes > limit) {
              finished = true;
              reading.overLimit = true;
              controller.error(new BodyLimitError(limit));
            } else {
              controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            }
            done();
          };
          const onEnd = () => {
            finished = true;
            controller.close();
            done();
          };
          const onError = (err: Error) => {
            finished = true;
            controller.error(err);
            done();
          };
          const onClose = () => {
            if (!req.readableEnded) onError(new Error('the client closed the connection'));
          };
          req.on('data', onData);
          req.once('end', onEnd);
          req.once('error', onError);
          req.once('close', onClose);
          req.resume();
        });
      },
      cancel() {
        finished = true;
        req.pause();
      },
    },
    // pull only when the handler reads: nothing is buffered ahead of it
    { highWaterMark: 0 },
  );
}

/** How long a refused body's connection stays open after the answer, its reading paused. */
const LINGER_MS = 3000;

/**
 * For an answer sent before the request's body was read to its end: the answer says
 * `Connection: close`, and the connection ends after it without reading the rest. Closing a
 * socket with the client's bytes still arriving would reset it, and a reset can destroy the
 * answer before the client reads it; reading on to drop what arrives lets a fast client keep
 * writing. So the socket is ended (the client gets the answer, then EOF), its reading paused
 * (TCP's flow control stops the client once the buffers are full: nothing more is read or
 * kept), and it is destroyed only after LINGER_MS, when the client has long read the answer.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
  const socket = req.socket;
  const destroySoon = socket.destroySoon.bind(socket);
  // Node ends and destroys the socket right after a `Connection: close` answer: end it, and
  // destroy it only after the linger
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    // the body arrived whole after all (a function that streamed it back): nothing to hold
    if (req.complete) return destroySoon();
    socket.end();
    req.removeAllListeners('data');
    req.pause();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

export function toWebRequest(
  req: IncomingMessage,
  url: string,
  signal: AbortSignal,
  reading: BodyReading = { bytes: 0, overLimit: false },
  limit = FUNCTION_BODY_LIMIT,
): Request {
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
    body: hasBody ? limitedBody(req, limit, reading) : undefined,
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

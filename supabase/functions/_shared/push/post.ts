// Posting one push over HTTPS to the address that was checked. node:https (Deno and Node both
// have it) with a `lookup` that answers the checked address: the connection goes where the
// check looked, so a name that answers differently a moment later (DNS rebinding) changes
// nothing, while TLS still verifies the certificate for the host name. node:https never
// follows a redirect: a 3xx is an answer like any other (deliver.ts takes it as a failure).
// A new connection each time (no agent), so nothing is reused from another host's lookup.
import dns from 'node:dns/promises';
import https from 'node:https';
import type { Resolve, ResolvedAddress } from './endpoint.ts';

export interface PushTarget {
  url: URL;
  address: ResolvedAddress;
}

export interface PushRequest {
  method: string;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
  /** aborts the request (the sender's time limit) */
  signal: AbortSignal;
}

export interface PushAnswer {
  status: number;
  /** up to the first 4 KB of the answer */
  text(): Promise<string>;
}

/** Posts one encrypted push; httpsPushPost in production. */
export type PushPost = (target: PushTarget, init: PushRequest) => Promise<PushAnswer>;

const MAX_ANSWER = 4096;

type LookupCallback = (
  err: Error | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

export const httpsPushPost: PushPost = ({ url, address }, init) =>
  new Promise<PushAnswer>((resolve, reject) => {
    if (init.signal.aborted) {
      reject(init.signal.reason);
      return;
    }
    const pinned = (_host: string, options: unknown, callback: LookupCallback) => {
      if ((options as { all?: boolean } | undefined)?.all) {
        callback(null, [{ address: address.address, family: address.family }]);
      } else {
        callback(null, address.address, address.family);
      }
    };
    const req = https.request(
      url,
      {
        method: init.method,
        headers: { ...init.headers, 'Content-Length': String(init.body.byteLength) },
        lookup: pinned as never,
        agent: false,
      },
      (res) => {
        const chunks: Uint8Array[] = [];
        let size = 0;
        res.on('data', (chunk: Uint8Array) => {
          if (size < MAX_ANSWER) chunks.push(chunk);
          size += chunk.byteLength;
          if (size >= MAX_ANSWER) res.destroy();
        });
        const done = () => {
          init.signal.removeEventListener('abort', abort);
          const bytes = new Uint8Array(Math.min(size, MAX_ANSWER));
          let at = 0;
          for (const c of chunks) {
            const part = c.subarray(0, bytes.length - at);
            bytes.set(part, at);
            at += part.length;
          }
          const text = new TextDecoder().decode(bytes);
          resolve({ status: res.statusCode ?? 0, text: async () => text });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const abort = () =>
      req.destroy(init.signal.reason instanceof Error ? init.signal.reason : new Error('aborted'));
    init.signal.addEventListener('abort', abort, { once: true });
    req.on('error', (err) => {
      init.signal.removeEventListener('abort', abort);
      reject(err);
    });
    req.end(init.body);
  });

/** Every address the system resolver gives for a host (what a connection would use). */
export const systemResolve: Resolve = async (host) => {
  const answers = await dns.lookup(host, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

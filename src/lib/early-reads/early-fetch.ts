// The app's side of the early reads (./reads.ts): index.html's <head> script sent a signed-in
// screen's first reads as the page started and left them in `window.__drapeEarlyReads`. A
// request of the app's that is the same request (method, address, body, and the same headers
// but X-Client-Info, the same access token among them) takes that answer instead of asking
// again. Each answer is taken once, and only while fresh: after EARLY_READ_MAX_AGE_MS since
// the page started it would be older than what a seller expects a screen to show. A read that
// failed to send (the connection dropped) is sent again as asked.
// Nothing else changes: the answer is the server's own, errors included.

export interface StartedRead {
  method: string;
  url: string;
  /** the headers it was sent with, names in lower case */
  headers: Record<string, string>;
  body: string | null;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __drapeEarlyReads?: StartedRead[];
  }
}

export const EARLY_READ_MAX_AGE_MS = 20_000;
/** Left out of the comparison: supabase-js names its version and runtime there. */
const IGNORED_HEADER = 'x-client-info';

function sameHeaders(sent: Record<string, string>, asked: Headers): boolean {
  const names = Object.keys(sent).filter((name) => name !== IGNORED_HEADER);
  let count = 0;
  for (const [name, value] of asked) {
    if (name === IGNORED_HEADER) continue;
    if (sent[name] !== value) return false;
    count++;
  }
  return count === names.length;
}

function requestUrl(input: RequestInfo | URL): string | null {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return null;
}

/** Takes the started read that is this request, if any (removing it), else null. */
export function takeEarlyRead(
  reads: StartedRead[] | undefined,
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  now: number,
): StartedRead | null {
  if (!reads?.length) return null;
  if (now > EARLY_READ_MAX_AGE_MS) {
    reads.length = 0;
    return null;
  }
  const url = requestUrl(input);
  const body = init?.body ?? null;
  if (url === null || (body !== null && typeof body !== 'string')) return null;
  const method = (init?.method ?? 'GET').toUpperCase();
  const headers = new Headers(init?.headers);
  const i = reads.findIndex(
    (read) =>
      read.method === method && read.url === url && read.body === body && sameHeaders(read.headers, headers),
  );
  return i < 0 ? null : (reads.splice(i, 1)[0] ?? null);
}

/** `fetchImpl`, answering a request from the page's early reads where one is that request. */
export function withEarlyReads(
  fetchImpl: typeof fetch,
  reads: () => StartedRead[] | undefined = () =>
    typeof window === 'undefined' ? undefined : window.__drapeEarlyReads,
  now: () => number = () => performance.now(),
): typeof fetch {
  return (input, init) => {
    const signal = init?.signal;
    const early = signal?.aborted ? null : takeEarlyRead(reads(), input, init, now());
    if (!early) return fetchImpl(input, init);
    const answer = early.response.catch(() => fetchImpl(input, init));
    if (!signal) return answer;
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(signal.reason);
      signal.addEventListener('abort', abort, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  };
}

// Every request to the backend gives up after 120 s without an answer (the spec's request
// timeout), so a stalled connection on a phone ends in a message instead of a spinner that never
// stops. The clock runs until the response's headers arrive: a slow download that has started
// answering is not cut off. An upload gets one more second for every 16 KiB it sends (a 2 MB
// photo on a 128 kbps link still arrives). A caller's own signal still cancels the request.

export const REQUEST_TIMEOUT_MS = 120_000;
/** The slowest upload speed that still finishes: 16 KiB/s (128 kbps). */
export const SLOWEST_UPLOAD_BYTES_PER_S = 16 * 1024;

/** The bytes a request body sends (strings and other small bodies count as nothing). */
export function bodyBytes(body: BodyInit | null | undefined): number {
  if (!body || typeof body === 'string') return 0;
  if (body instanceof Blob) return body.size;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body.byteLength;
  if (body instanceof FormData) {
    let bytes = 0;
    for (const [, value] of body) bytes += typeof value === 'string' ? value.length : value.size;
    return bytes;
  }
  return 0;
}

/** The reason a timed-out request is aborted with (fetch rejects with it). */
export class RequestTimeoutError extends DOMException {
  constructor(readonly ms: number) {
    super(`No answer within ${Math.round(ms / 1000)} s`, 'TimeoutError');
  }
}

/** Whether a message is a RequestTimeoutError's (for wrappers that keep only the message). */
export const isRequestTimeoutMessage = (message: string) => /^No answer within \d+ s$/.test(message);

export function timedFetch(
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  ms: number = REQUEST_TIMEOUT_MS,
): typeof fetch {
  return (input, init = {}) => {
    const controller = new AbortController();
    const outer = init.signal;
    const cancel = () => controller.abort(outer?.reason);
    if (outer?.aborted) cancel();
    else outer?.addEventListener('abort', cancel, { once: true });
    const budget = ms + Math.ceil((bodyBytes(init.body) / SLOWEST_UPLOAD_BYTES_PER_S) * 1000);
    const timer = setTimeout(() => controller.abort(new RequestTimeoutError(budget)), budget);
    return fetchImpl(input, { ...init, signal: controller.signal }).finally(() => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', cancel);
    });
  };
}

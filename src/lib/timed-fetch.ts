// Every request to the backend gives up after 120 s without an answer (the spec's request
// timeout), so a stalled connection on a phone ends in a message instead of a spinner that never
// stops. The clock runs until the response's headers arrive: a slow download that has started
// answering is not cut off. A caller's own signal still cancels the request.

export const REQUEST_TIMEOUT_MS = 120_000;

/** The reason a timed-out request is aborted with (fetch rejects with it). */
export class RequestTimeoutError extends DOMException {
  constructor(readonly ms: number) {
    super(`No answer within ${Math.round(ms / 1000)} s`, 'TimeoutError');
  }
}

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
    const timer = setTimeout(() => controller.abort(new RequestTimeoutError(ms)), ms);
    return fetchImpl(input, { ...init, signal: controller.signal }).finally(() => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', cancel);
    });
  };
}

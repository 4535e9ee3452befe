import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REQUEST_TIMEOUT_MS,
  RequestTimeoutError,
  SLOWEST_UPLOAD_BYTES_PER_S,
  bodyBytes,
  timedFetch,
} from '../timed-fetch.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A fetch that never answers until its signal aborts, then rejects with the signal's reason. */
function stalledFetch() {
  const seen: AbortSignal[] = [];
  const impl = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
    const signal = init?.signal as AbortSignal;
    seen.push(signal);
    return new Promise<Response>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  });
  return { impl: impl as unknown as typeof fetch, seen };
}

describe('timedFetch', () => {
  it('gives up after 120 s without an answer, with a TimeoutError', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
    const { impl } = stalledFetch();
    const request = timedFetch(impl)('https://api.example/auth/v1/token', { method: 'POST' });
    const outcome = request.then(
      () => 'answered',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect((error as DOMException).name).toBe('TimeoutError');
    expect((error as DOMException).message).toBe('No answer within 120 s');
  });

  it('gives an upload one more second per 16 KiB it sends', async () => {
    const { impl } = stalledFetch();
    const photo = new Blob([new Uint8Array(2 * 1024 * 1024)], { type: 'image/jpeg' });
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('', photo);
    expect(bodyBytes(form)).toBe(photo.size + 4);
    const extra = Math.ceil(((photo.size + 4) / SLOWEST_UPLOAD_BYTES_PER_S) * 1000);
    expect(extra).toBeGreaterThan(128_000);
    const outcome = timedFetch(impl)('https://api.example/storage/v1/object/uploads/a.jpg', {
      method: 'POST',
      body: form,
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + extra - 1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(RequestTimeoutError);
    expect(bodyBytes('{"a":1}')).toBe(0);
    expect(bodyBytes(new Uint8Array(10))).toBe(10);
  });

  it('passes an answer through and stops the clock', async () => {
    const answer = new Response('{}', { status: 200 });
    const impl = vi.fn(async () => answer) as unknown as typeof fetch;
    const response = await timedFetch(impl, 1000)('https://api.example/rest/v1/projects', {
      headers: { apikey: 'k' },
    });
    expect(response).toBe(answer);
    expect(vi.getTimerCount()).toBe(0);
    const init = (impl as unknown as ReturnType<typeof vi.fn>).mock.calls[0][1] as RequestInit;
    expect(init.headers).toEqual({ apikey: 'k' });
  });

  it("still cancels with the caller's own signal, with the caller's reason", async () => {
    const { impl, seen } = stalledFetch();
    const caller = new AbortController();
    const request = timedFetch(impl, 1000)('https://api.example/x', { signal: caller.signal });
    caller.abort(new DOMException('left the screen', 'AbortError'));
    await expect(request).rejects.toMatchObject({ name: 'AbortError', message: 'left the screen' });
    expect(seen[0].aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an already-cancelled signal cancels at once', async () => {
    const { impl } = stalledFetch();
    const caller = new AbortController();
    caller.abort();
    await expect(
      timedFetch(impl, 1000)('https://api.example/x', { signal: caller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

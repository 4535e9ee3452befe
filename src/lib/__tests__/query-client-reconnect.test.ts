// @vitest-environment happy-dom
// Figures refresh themselves when the connection returns: React Query's online state is the
// app's connectivity, so a read that failed for want of an answer is read again, without a tap,
// once the backend answers again.
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectivity } from '../connectivity.ts';
import { createQueryClient } from '../query-client.ts';

afterEach(() => {
  connectivity.requestSucceeded();
  vi.restoreAllMocks();
});

const settled = (observer: { getCurrentResult(): { fetchStatus: string; isError: boolean } }) =>
  vi.waitFor(() => {
    const r = observer.getCurrentResult();
    if (r.fetchStatus === 'fetching') throw new Error('still fetching');
    return r;
  });

describe('reads when the connection returns', () => {
  it('a read that found the backend unreachable waits, then ends with the data once it answers', async () => {
    const client = createQueryClient();
    client.mount();
    let reachable = false;
    const read = vi.fn(async () => {
      if (!reachable) {
        const err = new TypeError('Failed to fetch');
        connectivity.requestFailed(err);
        throw err;
      }
      connectivity.requestSucceeded();
      return 51;
    });
    // the client's own retry, without its delay
    const observer = new QueryObserver(client, { queryKey: ['balance'], queryFn: read, retryDelay: 0 });
    const off = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('paused'));
    expect(observer.getCurrentResult().isError).toBe(false);

    // another request gets an answer: the backend is back
    reachable = true;
    connectivity.requestSucceeded();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(51));
    off();
    client.unmount();
  });

  it('a read that had failed is read again on reconnect, even with fresh data', async () => {
    const client = createQueryClient();
    client.mount();
    let answer: () => number = () => 2;
    const observer = new QueryObserver(client, {
      queryKey: ['quote'],
      queryFn: async () => answer(),
      staleTime: 60_000,
      retry: false,
    });
    const off = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(2));
    answer = () => {
      throw new Error('boom');
    };
    await observer.refetch();
    expect((await settled(observer)).isError).toBe(true);

    answer = () => 3;
    connectivity.requestFailed(new TypeError('Failed to fetch'));
    connectivity.requestSucceeded();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(3));
    expect(observer.getCurrentResult().isError).toBe(false);
    off();
    client.unmount();
  });
});

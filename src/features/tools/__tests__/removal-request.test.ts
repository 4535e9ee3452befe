import { describe, expect, it, vi } from 'vitest';
import type { AppSupabaseClient } from '../../../lib/supabase.ts';
import { startBackgroundRemoval } from '../api.ts';
import { removalRequests } from '../remover/removal-request.ts';

describe('removalRequests', () => {
  const ids = () => {
    let n = 0;
    return () => `req-${++n}`;
  };

  it('keeps the id and the uploaded path of an unanswered click on the same photo', () => {
    const requests = removalRequests(ids());
    const photo = {};
    const first = requests.begin(photo);
    first.path = 'u/a.png';
    const retry = requests.begin(photo);
    expect(retry).toBe(first);
    expect(retry).toEqual({ id: 'req-1', path: 'u/a.png' });
  });

  it('starts a new request after an answer, for another photo, or after forget', () => {
    const requests = removalRequests(ids());
    const photo = {};
    const first = requests.begin(photo);
    requests.answered(first);
    expect(requests.begin(photo).id).toBe('req-2');
    expect(requests.begin({}).id).toBe('req-3');
    requests.forget();
    expect(requests.begin(photo).id).toBe('req-4');
  });

  it('an answer to an older request does not end the current one', () => {
    const requests = removalRequests(ids());
    const old = requests.begin({});
    const photo = {};
    const current = requests.begin(photo);
    requests.answered(old);
    expect(requests.begin(photo)).toBe(current);
  });
});

describe('startBackgroundRemoval', () => {
  const job = { id: 'job-1', status: 'pending', input_path: 'u/a.png' };

  it('asks again with the same request id when the answer is lost, and returns the job', async () => {
    const rpc = vi
      .fn()
      .mockResolvedValueOnce({ data: null, error: { message: 'TypeError: Failed to fetch', code: '' } })
      .mockResolvedValueOnce({ data: { ...job, replayed: true }, error: null });
    const client = { rpc } as unknown as AppSupabaseClient;
    const out = await startBackgroundRemoval(client, 'u/a.png', 'req-1', 3, 0);
    expect(out.id).toBe('job-1');
    expect(rpc).toHaveBeenCalledTimes(2);
    for (const call of rpc.mock.calls)
      expect(call).toEqual(['start_background_removal', { input_path: 'u/a.png', request_id: 'req-1' }]);
  });

  it('does not ask again when the server refused', async () => {
    const refusal = { message: 'Insufficient credits', code: 'P0001', hint: 'insufficient_credits' };
    const rpc = vi.fn().mockResolvedValue({ data: null, error: refusal });
    const client = { rpc } as unknown as AppSupabaseClient;
    await expect(startBackgroundRemoval(client, 'u/a.png', 'req-1', 3, 0)).rejects.toBe(refusal);
    expect(rpc).toHaveBeenCalledTimes(1);
  });

  it('gives up after the attempts, with the network error', async () => {
    const lost = { message: 'TypeError: Failed to fetch', code: '' };
    const rpc = vi.fn().mockResolvedValue({ data: null, error: lost });
    const client = { rpc } as unknown as AppSupabaseClient;
    await expect(startBackgroundRemoval(client, 'u/a.png', 'req-1', 3, 0)).rejects.toBe(lost);
    expect(rpc).toHaveBeenCalledTimes(3);
  });
});

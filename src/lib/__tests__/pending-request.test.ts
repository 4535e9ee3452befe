// A money press keeps its request id until the server answers: a lost answer repeats the id,
// an answer or a refusal ends it, another key is another request.
import { describe, expect, it } from 'vitest';
import { pendingRequests } from '../pending-request.ts';

const lost = () => new TypeError('Failed to fetch');
const refusal = () => ({ message: 'Insufficient credits', code: 'P0001', hint: 'insufficient_credits' });

describe('pendingRequests', () => {
  it('a lost answer keeps the id and its state for the next press about the same thing', async () => {
    let n = 0;
    const requests = pendingRequests(
      () => ({ path: null as string | null }),
      () => `id-${++n}`,
    );
    const first = requests.begin('video:p1:zoom-in');
    await expect(
      requests.send(first, async (r) => {
        r.state.path = 'u/p1/drawing.png';
        throw lost();
      }),
    ).rejects.toThrow('Failed to fetch');
    const again = requests.begin('video:p1:zoom-in');
    expect(again).toMatchObject({ id: 'id-1', state: { path: 'u/p1/drawing.png' } });
    await expect(requests.send(again, async (r) => r.id)).resolves.toBe('id-1');
    expect(requests.pending()).toBeNull();
    expect(requests.begin('video:p1:zoom-in').id).toBe('id-2');
  });

  it('a refusal ends the request; another key is another request', async () => {
    let n = 0;
    const requests = pendingRequests(
      () => null,
      () => `id-${++n}`,
    );
    const r = requests.begin('a');
    await expect(
      requests.send(r, async () => {
        throw refusal();
      }),
    ).rejects.toMatchObject({ hint: 'insufficient_credits' });
    expect(requests.begin('a').id).toBe('id-2');
    expect(requests.begin('b').id).toBe('id-3');
  });
});

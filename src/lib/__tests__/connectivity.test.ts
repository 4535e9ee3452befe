// The app's idea of being online: a request without an answer makes it unreachable, the next
// answer makes it reachable again; a server error says nothing about the connection.
import { describe, expect, it } from 'vitest';
import { connectivity } from '../connectivity.ts';

describe('connectivity', () => {
  it('tracks whether requests get answers', () => {
    const seen: boolean[] = [];
    const off = connectivity.subscribe(() => seen.push(connectivity.isUnreachable()));
    connectivity.requestFailed({ message: 'duplicate key', code: '23505', details: '', hint: '' });
    expect(connectivity.isUnreachable()).toBe(false);
    connectivity.requestFailed(new TypeError('Failed to fetch'));
    expect(connectivity.isUnreachable()).toBe(true);
    connectivity.requestFailed(new TypeError('Failed to fetch'));
    connectivity.requestSucceeded();
    expect(connectivity.isUnreachable()).toBe(false);
    off();
    expect(seen).toEqual([true, false]);
  });
});

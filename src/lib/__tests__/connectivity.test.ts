// The app's idea of being online: a request without an answer makes it unreachable, the next
// answer makes it reachable again; a server error says nothing about the connection.
import { describe, expect, it } from 'vitest';
import { connectivity, reportingConnectivity } from '../connectivity.ts';

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

  it('hears of each attempt of the backend client, before its retries give up', async () => {
    let answer: () => Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'));
    const fetch = reportingConnectivity(() => answer());
    await expect(fetch('https://api.test/rest/v1/projects')).rejects.toThrow('Failed to fetch');
    expect(connectivity.isUnreachable()).toBe(true);
    answer = async () => new Response('{"message":"boom"}', { status: 500 });
    expect((await fetch('https://api.test/rest/v1/projects')).status).toBe(500);
    expect(connectivity.isUnreachable()).toBe(false);
    // the app cancelling a request says nothing about the connection
    answer = () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
    await expect(fetch('https://api.test/rest/v1/projects')).rejects.toThrow('aborted');
    expect(connectivity.isUnreachable()).toBe(false);
  });
});

// The app's idea of being online: a request without an answer makes it unreachable, the next
// answer makes it reachable again; a server error says nothing about the connection.
import { describe, expect, it, vi } from 'vitest';
import { connectivity, reportingConnectivity } from '../connectivity.ts';
import { createQueryClient } from '../query-client.ts';
import { putSignedUpload } from '../signed-upload.ts';

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

describe('what tells connectivity', () => {
  it('a query or mutation that succeeds may never have asked the backend: it says nothing', async () => {
    const client = createQueryClient();
    connectivity.requestFailed(new TypeError('Failed to fetch'));
    await client.fetchQuery({ queryKey: ['drafts'], queryFn: async () => [] });
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'saved on this device' })
      .execute(undefined);
    expect(connectivity.isUnreachable()).toBe(true);
    // a read that got no answer still says so
    connectivity.requestSucceeded();
    await expect(
      client.fetchQuery({
        queryKey: ['projects'],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
        retry: false,
      }),
    ).rejects.toThrow('Failed to fetch');
    expect(connectivity.isUnreachable()).toBe(true);
    connectivity.requestSucceeded();
    client.clear();
  });

  it('a signed upload tells whether storage answered', async () => {
    let outcome: 'answer' | 'none' = 'none';
    class FakeXhr {
      status = 400;
      responseText = '{"statusCode":"409","message":"The resource already exists"}';
      upload: { onprogress?: unknown } = {};
      onload?: () => void;
      onerror?: () => void;
      open() {}
      setRequestHeader() {}
      send() {
        queueMicrotask(() => (outcome === 'answer' ? this.onload?.() : this.onerror?.()));
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    try {
      const put = () =>
        putSignedUpload(
          'https://api.test/storage/v1/object/upload/sign/x',
          new Blob(['a']),
          'image/png',
          () => {},
        );
      await expect(put()).rejects.toThrow('Failed to fetch');
      expect(connectivity.isUnreachable()).toBe(true);
      outcome = 'answer';
      await expect(put()).rejects.toThrow('The resource already exists');
      expect(connectivity.isUnreachable()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

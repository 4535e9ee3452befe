import { describe, expect, it, vi } from 'vitest';
import { EARLY_READ_MAX_AGE_MS, type StartedRead, withEarlyReads } from '../early-fetch.ts';

const URL_A = 'http://api.test/rest/v1/profiles?select=id&id=eq.u1';
const sentHeaders = {
  'accept-profile': 'public',
  apikey: 'anon',
  authorization: 'Bearer token-1',
  'x-client-info': 'drape-early-read',
};

function started(over: Partial<StartedRead> = {}): StartedRead {
  return {
    method: 'GET',
    url: URL_A,
    headers: sentHeaders,
    body: null,
    response: Promise.resolve(new Response('"early"')),
    ...over,
  };
}

/** the app's request, as supabase-js makes it */
const asked = (over: RequestInit = {}): RequestInit => ({
  method: 'GET',
  headers: {
    'Accept-Profile': 'public',
    apikey: 'anon',
    Authorization: 'Bearer token-1',
    'X-Client-Info': 'supabase-js-web/2.109.0',
  },
  ...over,
});

function setUp(reads: StartedRead[], now = 1000) {
  const network = vi.fn(async () => new Response('"network"'));
  const fetch = withEarlyReads(
    network,
    () => reads,
    () => now,
  );
  return { network, fetch, reads };
}

describe('a request the page already sent', () => {
  it('takes the early answer once; the same request again goes to the network', async () => {
    const { network, fetch, reads } = setUp([started()]);
    expect(await (await fetch(URL_A, asked())).json()).toBe('early');
    expect(network).not.toHaveBeenCalled();
    expect(reads).toHaveLength(0);
    expect(await (await fetch(URL_A, asked())).json()).toBe('network');
  });

  it('matches the method, the address, the body and every header but X-Client-Info', async () => {
    const post = started({
      method: 'POST',
      url: 'http://api.test/rest/v1/rpc/stats',
      body: '{}',
      headers: { ...sentHeaders, 'content-type': 'application/json' },
    });
    const { network, fetch, reads } = setUp([started(), post]);
    const other = [
      fetch(URL_A, asked({ headers: { ...asked().headers, Authorization: 'Bearer token-2' } })),
      fetch(URL_A, asked({ headers: { ...asked().headers, Prefer: 'count=exact' } })),
      fetch(URL_A, asked({ method: 'HEAD' })),
      fetch(`${URL_A}&limit=1`, asked()),
      fetch('http://api.test/rest/v1/rpc/stats', asked({ method: 'POST', body: '{"a":1}' })),
    ];
    for (const response of await Promise.all(other)) expect(await response.json()).toBe('network');
    expect(network).toHaveBeenCalledTimes(5);
    expect(reads).toHaveLength(2);
    const rpc = await fetch(
      'http://api.test/rest/v1/rpc/stats',
      asked({
        method: 'POST',
        body: '{}',
        headers: { ...asked().headers, 'Content-Type': 'application/json' },
      }),
    );
    expect(await rpc.json()).toBe('early');
  });

  it('is not taken once the page is older than the limit', async () => {
    const { network, fetch, reads } = setUp([started()], EARLY_READ_MAX_AGE_MS + 1);
    expect(await (await fetch(URL_A, asked())).json()).toBe('network');
    expect(network).toHaveBeenCalledTimes(1);
    expect(reads).toHaveLength(0);
  });

  it('is asked again when the early one could not be sent', async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    const { network, fetch } = setUp([started({ response: failed })]);
    expect(await (await fetch(URL_A, asked())).json()).toBe('network');
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('still ends when the app cancels its request', async () => {
    let answer!: (r: Response) => void;
    const { fetch } = setUp([started({ response: new Promise((resolve) => (answer = resolve)) })]);
    const controller = new AbortController();
    const request = fetch(URL_A, asked({ signal: controller.signal }));
    controller.abort(new DOMException('gone', 'AbortError'));
    await expect(request).rejects.toThrow('gone');
    answer(new Response('[]'));
  });

  it('leaves requests alone when the page sent none', async () => {
    const network = vi.fn(async () => new Response('"network"'));
    const fetch = withEarlyReads(network, () => undefined);
    expect(await (await fetch(URL_A, asked())).json()).toBe('network');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { storedImageRead, unsignedImageUrl } from '../../lib/stored-image-keys.ts';
import { answerStoredImage, isStoredImageRequest, STORED_IMAGES_MAX } from '../stored-images.ts';

const API = 'https://abc.supabase.co';
const OBJECT = 'generated/u-1/p-1/img-1.png';
const THUMB = 'width:720,height:926,resize:cover,quality:70';

/** A Storage token as Supabase signs it (the signature is not the worker's business). */
function token(claims: Record<string, unknown>, salt = 'a') {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, iat: Date.now() })}.sig-${salt}`;
}
const renderUrl = (claims: Record<string, unknown>, salt?: string, object = OBJECT) =>
  `${API}/storage/v1/render/image/sign/${object}?token=${token(claims, salt)}`;

/** An in-memory Cache: enough of one for the worker's use (match, put, keys, delete). */
function memoryCaches() {
  const entries = new Map<string, Response>();
  const cache = {
    async match(key: string, opts?: { ignoreSearch?: boolean }) {
      if (!opts?.ignoreSearch) return entries.get(key)?.clone();
      const bare = (k: string) => k.split('?')[0];
      for (const [k, v] of entries) if (bare(k) === bare(key)) return v.clone();
      return undefined;
    },
    async put(key: string, response: Response) {
      entries.delete(key);
      entries.set(key, new Response(await response.arrayBuffer(), response));
    },
    async keys() {
      return [...entries.keys()];
    },
    async delete(key: string) {
      return entries.delete(key);
    },
  };
  return { entries, caches: { open: async () => cache as unknown as Cache } };
}

function network(body = 'png-bytes', status = 200) {
  return vi.fn(async (request: Request) => {
    const response = new Response(`${body} ${new URL(request.url).pathname}`, { status });
    Object.defineProperty(response, 'type', { value: 'cors' });
    return response;
  });
}

async function answer(
  url: string,
  deps: { caches: ReturnType<typeof memoryCaches>['caches']; fetch: ReturnType<typeof network> },
) {
  const filing: Promise<unknown>[] = [];
  const response = await answerStoredImage(new Request(url), { ...deps, waitUntil: (w) => filing.push(w) });
  const text = await response.text();
  await Promise.all(filing);
  return { status: response.status, text };
}

describe('where a stored image is filed', () => {
  it('files a read under its object and transformation, whatever the token', () => {
    const one = storedImageRead(new URL(renderUrl({ url: OBJECT, transformations: THUMB }, 'a')));
    const two = storedImageRead(new URL(renderUrl({ url: OBJECT, transformations: THUMB }, 'b')));
    expect(one?.key).toBeTruthy();
    expect(two?.key).toBe(one?.key);
    const pane = storedImageRead(new URL(renderUrl({ url: OBJECT, transformations: 'width:1024' })));
    expect(pane?.key).not.toBe(one?.key);
    expect(pane?.object).toBe(one?.object);
    const file = storedImageRead(
      new URL(`${API}/storage/v1/object/sign/${OBJECT}?token=${token({ url: OBJECT })}`),
    );
    expect(file?.key).not.toBe(one?.key);
    expect(file?.object).toBe(one?.object);
  });

  it('leaves alone a token for another object, an unreadable token, downloads and other addresses', () => {
    expect(
      storedImageRead(new URL(renderUrl({ url: 'generated/u-2/p-9/x.png', transformations: THUMB }))),
    ).toBeNull();
    expect(
      storedImageRead(new URL(`${API}/storage/v1/render/image/sign/${OBJECT}?token=not-a-jwt`)),
    ).toBeNull();
    expect(
      storedImageRead(
        new URL(`${API}/storage/v1/object/sign/${OBJECT}?token=${token({ url: OBJECT })}&download=a.png`),
      ),
    ).toBeNull();
    expect(storedImageRead(new URL(`${API}/rest/v1/projects?select=id`))).toBeNull();
    expect(storedImageRead(new URL(`${API}/storage/v1/object/upload/sign/${OBJECT}?token=x`))).toBeNull();
  });

  it('reads without a token ask for one copy, in any order of its transformation, or for any copy', () => {
    const publicUrl = `${API}/storage/v1/object/public/${OBJECT}`;
    const thumb = { width: 720, height: 926, resize: 'cover', quality: 70 };
    const exact = unsignedImageUrl(publicUrl, thumb, 'exact');
    expect(exact.startsWith(`${API}/storage/v1/object/sign/${OBJECT}?`)).toBe(true);
    expect(exact).not.toContain('token=');
    const signed = storedImageRead(new URL(renderUrl({ url: OBJECT, transformations: THUMB })));
    const reordered = storedImageRead(
      new URL(renderUrl({ url: OBJECT, transformations: 'quality:70,resize:cover,height:926,width:720' })),
    );
    expect(reordered?.key).toBe(signed?.key);
    expect(storedImageRead(new URL(exact))).toEqual({
      signed: false,
      key: signed?.key,
      object: signed?.object,
    });
    expect(storedImageRead(new URL(unsignedImageUrl(publicUrl, { width: 1024 }, 'exact')))?.key).not.toBe(
      signed?.key,
    );
    expect(storedImageRead(new URL(unsignedImageUrl(publicUrl, thumb, 'any')))).toEqual({
      signed: false,
      key: null,
      object: signed?.object,
    });
  });

  it('answers only image reads', () => {
    const url = renderUrl({ url: OBJECT, transformations: THUMB });
    const request = (method: string, destination: string) => ({ method, destination, url }) as Request;
    expect(isStoredImageRequest(request('GET', 'image'))).toBe(true);
    expect(isStoredImageRequest(request('GET', ''))).toBe(false);
    expect(isStoredImageRequest(request('POST', 'image'))).toBe(false);
    expect(
      isStoredImageRequest({ method: 'GET', destination: 'image', url: `${API}/rest/v1/x` } as Request),
    ).toBe(false);
  });
});

describe('the service worker answering stored images', () => {
  it('fetches a picture once, then answers signings of it from its copy', async () => {
    const { caches } = memoryCaches();
    const fetch = network();
    const first = await answer(renderUrl({ url: OBJECT, transformations: THUMB }, 'a'), { caches, fetch });
    const again = await answer(renderUrl({ url: OBJECT, transformations: THUMB }, 'b'), { caches, fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(again).toEqual(first);
    await answer(renderUrl({ url: OBJECT, transformations: 'width:1024' }), { caches, fetch });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('answers a read without a token from its copy, never from the network', async () => {
    const { caches } = memoryCaches();
    const fetch = network();
    const publicUrl = `${API}/storage/v1/object/public/${OBJECT}`;
    const thumb = { width: 720, height: 926, resize: 'cover', quality: 70 };
    expect((await answer(unsignedImageUrl(publicUrl, thumb, 'exact'), { caches, fetch })).status).toBe(404);
    expect((await answer(unsignedImageUrl(publicUrl, null, 'any'), { caches, fetch })).status).toBe(404);
    await answer(renderUrl({ url: OBJECT, transformations: THUMB }), { caches, fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
    const copy = await answer(unsignedImageUrl(publicUrl, thumb, 'exact'), { caches, fetch });
    expect(copy).toEqual({ status: 200, text: `png-bytes /storage/v1/render/image/sign/${OBJECT}` });
    // another size: only when any copy will do
    expect(
      (await answer(unsignedImageUrl(publicUrl, { width: 1024 }, 'exact'), { caches, fetch })).status,
    ).toBe(404);
    expect(
      (await answer(unsignedImageUrl(publicUrl, { width: 1024 }, 'any'), { caches, fetch })).status,
    ).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps no refusal or error, and no more than its limit', async () => {
    const { caches, entries } = memoryCaches();
    await answer(renderUrl({ url: OBJECT, transformations: THUMB }), { caches, fetch: network('no', 400) });
    expect(entries.size).toBe(0);
    const fetch = network();
    for (let i = 0; i <= STORED_IMAGES_MAX; i++) {
      const object = `generated/u-1/p-1/img-${i}.png`;
      await answer(renderUrl({ url: object, transformations: THUMB }, 'a', object), { caches, fetch });
    }
    expect(entries.size).toBe(STORED_IMAGES_MAX);
    expect([...entries.keys()][0]).toContain('img-1.png');
  });
});

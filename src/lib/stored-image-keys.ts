// How the service worker files a seller's stored images (thumbnails, panes, originals), shared
// with the app. A signed Storage URL changes with every signing (its token), so the browser's
// HTTP cache never sees the same address twice; the worker files the answer under what the
// token stands for instead: the object (bucket/path) and its transformation (the token's
// `transformations` claim, "width:720,height:926,…", as Supabase Storage and the local stack
// sign it). Stored objects are never rewritten under the same path once a row points at them,
// so a filed copy stays right.
//
// The app can also ask for a copy without signing: the object's signed-read address with no
// token, the transformation it wants as the query, and whether only that copy will do
// (`copy=exact`, a screen online: else it signs) or any copy of the object (`copy=any`,
// offline). Storage never answers such an address; the worker does, from its copies or 404.
// The app asks for such an address only once it has seen the copy in Cache Storage
// (src/lib/stored-images.ts), so the 404 is only for a copy that went in between.

export const STORED_IMAGES_CACHE = 'stored-images';

const SIGNED_READ = /^\/storage\/v1\/(render\/image|object)\/sign\/(.+)$/;
const TRANSFORM_KEYS = ['height', 'quality', 'resize', 'width'] as const;

export type StoredImageRead =
  /** a signed read: its copy is filed under `key` */
  | { signed: true; key: string; object: string }
  /** a read without a token: the copy under `key`, or with `key` null any copy of the object */
  | { signed: false; key: string | null; object: string };

export interface ImageVariant {
  width?: number;
  height?: number;
  resize?: string;
  quality?: number;
}

/** A transformation in one spelling whatever its order: "height:926,quality:70,resize:cover,width:720". */
function variantOf(get: (k: (typeof TRANSFORM_KEYS)[number]) => unknown): string {
  return TRANSFORM_KEYS.flatMap((k) => {
    const v = get(k);
    return v === undefined || v === null || v === '' ? [] : [`${k}:${v}`];
  }).join(',');
}

/** The claims of a Storage token (a JWT: its middle part is base64url JSON); null when unreadable. */
function tokenClaims(token: string): { url?: unknown; transformations?: unknown } | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(atob(base64));
    return claims && typeof claims === 'object' ? claims : null;
  } catch {
    return null;
  }
}

/**
 * Where a read of a stored image is filed, or null when the address is not one (or its token
 * does not name the object it reads: then the network decides, as without the worker).
 */
export function storedImageRead(url: URL): StoredImageRead | null {
  const match = SIGNED_READ.exec(url.pathname);
  if (!match) return null;
  const objectPath = decodeURIComponent(match[2]);
  const object = `${url.origin}/storage/v1/filed/${match[2]}`;
  const keyOf = (variant: string) => `${object}?variant=${encodeURIComponent(variant)}`;
  const token = url.searchParams.get('token');
  if (token === null) {
    const any = url.searchParams.get('copy') === 'any';
    return { signed: false, object, key: any ? null : keyOf(variantOf((k) => url.searchParams.get(k))) };
  }
  const claims = tokenClaims(token);
  if (!claims || claims.url !== objectPath) return null;
  if (match[1] === 'object' && url.searchParams.has('download')) return null;
  const claimed = new Map(
    (typeof claims.transformations === 'string' ? claims.transformations : '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split(':') as [string, string]),
  );
  return { signed: true, object, key: keyOf(variantOf((k) => claimed.get(k))) };
}

/**
 * The copy a read without a token is answered with: the one filed under its key, or with no key
 * any copy of the object. `match` is a Cache's or CacheStorage's (the app asks before it asks
 * the worker, so that it never asks for a copy there is none of).
 */
export function matchCopy(
  match: (request: string, options: MultiCacheQueryOptions) => Promise<Response | undefined>,
  read: StoredImageRead & { signed: false },
): Promise<Response | undefined> {
  return read.key
    ? match(read.key, { ignoreVary: true, cacheName: STORED_IMAGES_CACHE })
    : match(read.object, { ignoreSearch: true, ignoreVary: true, cacheName: STORED_IMAGES_CACHE });
}

/**
 * The address for a copy of a stored image without signing, made from the object's public
 * address (supabase-js's getPublicUrl): `variant` is the transformation the screen would sign
 * (null: the file as stored); `copy: 'any'` takes any copy of the object the worker has.
 */
export function unsignedImageUrl(
  publicUrl: string,
  variant: ImageVariant | null,
  copy: 'exact' | 'any',
): string {
  const url = new URL(publicUrl.replace('/storage/v1/object/public/', '/storage/v1/object/sign/'));
  for (const k of TRANSFORM_KEYS) {
    const v = variant?.[k];
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  url.searchParams.set('copy', copy);
  return url.href;
}

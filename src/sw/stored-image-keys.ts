// How the service worker files a seller's stored images (thumbnails, panes, originals), shared
// with the app. A signed Storage URL changes with every signing (its token), so the browser's
// HTTP cache never sees the same address twice; the worker files the answer under what the
// token stands for instead: the object (bucket/path) and its transformation (the token's
// `transformations` claim, as Supabase Storage and the local stack sign it). Stored objects are
// never rewritten under the same path once a row points at them, so a filed copy stays right.

export const STORED_IMAGES_CACHE = 'stored-images';

const SIGNED_READ = /^\/storage\/v1\/(render\/image|object)\/sign\/(.+)$/;

export interface StoredImageRead {
  /** the copy this read is filed under; null for a read without a token (any copy of the object will do) */
  key: string | null;
  /** every copy of the object is filed under this address, with its transformation as the query */
  object: string;
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
 * Where a signed read of a stored image is filed, or null when the address is not one (or its
 * token does not name the object it reads: then the network decides, as without the worker).
 */
export function storedImageRead(url: URL): StoredImageRead | null {
  const match = SIGNED_READ.exec(url.pathname);
  if (!match) return null;
  const objectPath = decodeURIComponent(match[2]);
  const object = `${url.origin}/storage/v1/filed/${match[2]}`;
  const token = url.searchParams.get('token');
  if (token === null) return { key: null, object };
  const claims = tokenClaims(token);
  if (!claims || claims.url !== objectPath) return null;
  if (match[1] === 'object' && url.searchParams.has('download')) return null;
  const variant = typeof claims.transformations === 'string' ? claims.transformations : '';
  return { key: `${object}?variant=${encodeURIComponent(variant)}`, object };
}

/**
 * The address the app shows a stored image at when it cannot sign one (offline), made from the
 * object's public address (supabase-js's getPublicUrl): no token, so only the worker can answer
 * it, with any copy of the object it has filed.
 */
export function unsignedImageUrl(publicUrl: string): string {
  return publicUrl.replace('/storage/v1/object/public/', '/storage/v1/object/sign/');
}

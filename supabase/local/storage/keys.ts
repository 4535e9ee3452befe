// Bucket ids and object names from the URL: percent-decoded (the client puts names in
// the path raw, fetch encodes spaces and non-ASCII), then checked so that no name can
// reach outside its bucket's folder on disk.
import { ERR } from './errors.ts';

const MAX_KEY_BYTES = 1024;

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw ERR.invalidKey(raw);
  }
}

/** A bucket id: no slashes, no dot-only names, printable, at most 100 characters. */
export function checkBucketId(id: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (!id || id.length > 100 || id === '.' || id === '..' || /[/\\\x00-\x1f\x7f]/.test(id))
    throw ERR.invalidBucketName();
  return id;
}

/**
 * An object name: segments separated by single slashes, none empty, `.` or `..`, no
 * control characters or backslashes, at most 1024 bytes.
 */
export function checkObjectName(name: string): string {
  const bad =
    !name ||
    Buffer.byteLength(name) > MAX_KEY_BYTES ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
    /[\\\x00-\x1f\x7f]/.test(name) ||
    name.split('/').some((seg) => seg === '' || seg === '.' || seg === '..');
  if (bad) throw ERR.invalidKey(name);
  return name;
}

/** `{bucket}/{name…}` (still encoded) → decoded and checked parts. */
export function parseBucketAndName(rest: string): { bucket: string; name: string } {
  const slash = rest.indexOf('/');
  if (slash <= 0 || slash === rest.length - 1) throw ERR.invalidKey(decode(rest));
  const bucket = checkBucketId(decode(rest.slice(0, slash)));
  const name = checkObjectName(decode(rest.slice(slash + 1)));
  return { bucket, name };
}

/** A prefix for list: '' for the bucket's root, otherwise ends with '/'. */
export function listPrefix(prefix: unknown): string {
  const p = typeof prefix === 'string' ? prefix.replace(/^\/+/, '') : '';
  if (!p) return '';
  return p.endsWith('/') ? p : `${p}/`;
}

/** The owner columns from a JWT subject (owner is a uuid column; owner_id keeps any text). */
export function ownerOf(sub: unknown): { owner: string | null; ownerId: string | null } {
  if (typeof sub !== 'string' || !sub) return { owner: null, ownerId: null };
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub);
  return { owner: isUuid ? sub : null, ownerId: sub };
}

/** Supabase's rule for allowed_mime_types: exact type or `type/*`; parameters ignored. */
export function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type, sub] = mime.split(';')[0].trim().toLowerCase().split('/');
  return allowed.some((a) => {
    const [aType, aSub] = a.trim().toLowerCase().split('/');
    return aType === type && (aSub === '*' || aSub === sub);
  });
}

// The signed callback URL a provider posts a job's outcome to:
//   {functions}/provider-callback?k=image&id=<job id>&a=<attempt>&e=<expiry, unix s>&s=<sig>
// s = base64url(HMAC-SHA256(secret, 'k|id|a|e')). It names the job and the attempt, not the
// provider's id (FASHN tells its id only after accepting the webhook URL); the engine then
// checks the body against the handle the job waits for. Web Crypto only: runs under Deno
// and Node alike.

export type JobKind = 'image' | 'video' | 'tool';
export const JOB_KINDS: readonly JobKind[] = ['image', 'video', 'tool'];

export interface CallbackTarget {
  kind: JobKind;
  id: string;
  attempt: number;
}

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  let s = '';
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function hmac(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return base64url(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
}

function payload(t: CallbackTarget, expires: number): string {
  return `${t.kind}|${t.id}|${t.attempt}|${expires}`;
}

export async function signCallbackUrl(
  base: string,
  secret: string,
  target: CallbackTarget,
  expires: number,
): Promise<string> {
  const sig = await hmac(secret, payload(target, expires));
  const q = new URLSearchParams({
    k: target.kind,
    id: target.id,
    a: String(target.attempt),
    e: String(expires),
    s: sig,
  });
  return `${base}?${q.toString()}`;
}

/** Constant-time comparison of two strings. */
function same(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type Verified = { ok: true; target: CallbackTarget } | { ok: false; reason: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function verifyCallbackUrl(
  url: URL,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<Verified> {
  const q = url.searchParams;
  const kind = q.get('k') as JobKind | null;
  const id = q.get('id') ?? '';
  const attempt = Number(q.get('a'));
  const expires = Number(q.get('e'));
  const sig = q.get('s') ?? '';
  if (
    !kind ||
    !JOB_KINDS.includes(kind) ||
    !UUID.test(id) ||
    !Number.isInteger(attempt) ||
    attempt < 1 ||
    !Number.isInteger(expires) ||
    !sig
  ) {
    return { ok: false, reason: 'malformed callback URL' };
  }
  const target = { kind, id: id.toLowerCase(), attempt };
  if (!same(sig, await hmac(secret, payload(target, expires)))) return { ok: false, reason: 'bad signature' };
  if (expires < nowSeconds) return { ok: false, reason: 'callback URL expired' };
  return { ok: true, target };
}

/** The secret callbacks are signed with: PROVIDER_CALLBACK_SECRET, else one derived from the service key. */
export async function callbackSecret(env: (name: string) => string | undefined): Promise<string | null> {
  const explicit = env('PROVIDER_CALLBACK_SECRET')?.trim();
  if (explicit) return explicit;
  const service = env('SUPABASE_SERVICE_ROLE_KEY')?.trim();
  return service ? hmac(service, 'drape provider callbacks') : null;
}

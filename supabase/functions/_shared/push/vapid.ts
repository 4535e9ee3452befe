// The VAPID key pair and contact that sign every push (RFC 8292). Hosted: the function
// secrets VAPID_PUBLIC_KEY (the uncompressed P-256 point, 65 bytes, base64url — what the
// browser's PushManager.subscribe takes as applicationServerKey), VAPID_PRIVATE_KEY (the
// 32-byte private scalar, base64url) and VAPID_SUBJECT (mailto: or https: contact). The local
// stack makes a pair once and keeps it in its data folder (docs/local-stack.md).

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function byteLength(b64url: string): number {
  const bare = b64url.replace(/=+$/, '');
  return Math.floor((bare.length * 3) / 4);
}

/** The configured keys, or null with the reason (push is then off: nothing is sent). */
export function vapidFromEnv(
  env: (name: string) => string | undefined,
): { vapid: VapidConfig; problem: null } | { vapid: null; problem: string } {
  const publicKey = env('VAPID_PUBLIC_KEY')?.trim() ?? '';
  const privateKey = env('VAPID_PRIVATE_KEY')?.trim() ?? '';
  const subject = env('VAPID_SUBJECT')?.trim() ?? '';
  if (!publicKey || !privateKey || !subject) {
    return { vapid: null, problem: 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must all be set' };
  }
  if (!B64URL.test(publicKey) || byteLength(publicKey) !== 65) {
    return { vapid: null, problem: 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes)' };
  }
  if (!B64URL.test(privateKey) || byteLength(privateKey) !== 32) {
    return { vapid: null, problem: 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)' };
  }
  if (!/^(mailto:|https:\/\/)/.test(subject)) {
    return { vapid: null, problem: 'VAPID_SUBJECT must be a mailto: or https:// contact' };
  }
  return { vapid: { publicKey, privateKey, subject }, problem: null };
}

function toB64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new key pair in the form vapidFromEnv reads (Web Crypto: Node and Deno alike). */
export async function generateVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  return { publicKey: toB64url(raw), privateKey: jwk.d as string };
}

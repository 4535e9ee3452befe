// The local stack's VAPID key pair: made once, on first use, and kept in the data folder
// (DATA_DIR/vapid.json) so that browsers' subscriptions stay valid across restarts. The
// functions see it as VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT unless
// supabase/functions/.env or the environment sets them (hosted: function secrets).
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LocalVapidKeys {
  publicKey: string;
  privateKey: string;
}

export const LOCAL_VAPID_SUBJECT = 'mailto:push@drape.local';

export function makeVapidKeys(): LocalVapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x as string, 'base64url'),
    Buffer.from(jwk.y as string, 'base64url'),
  ]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d as string };
}

/** The keys kept in dataDir, made and written on first call. */
export function localVapidKeys(dataDir: string): LocalVapidKeys {
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalVapidKeys>;
      if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') {
        return { publicKey: kept.publicKey, privateKey: kept.privateKey };
      }
    } catch {
      // unreadable: make a new pair (browsers subscribed with the old one subscribe again)
    }
  }
  const keys = makeVapidKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

/** Function env defaults: the kept pair unless both keys are configured. */
export function pushDefaults(dataDir: string, env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { VAPID_SUBJECT: LOCAL_VAPID_SUBJECT };
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) {
    const keys = localVapidKeys(dataDir);
    out.VAPID_PUBLIC_KEY = keys.publicKey;
    out.VAPID_PRIVATE_KEY = keys.privateKey;
  }
  return out;
}

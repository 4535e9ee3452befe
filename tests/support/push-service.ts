// A stand-in push service for tests: an HTTPS endpoint (self-signed certificate, made with
// openssl) that does what a browser's push service and the browser do with a push — checks
// the VAPID authorization (RFC 8292: an ES256 JWT whose aud is the endpoint's origin, exp
// within 24 hours, sub a contact, signed by the key in k=) and decrypts the body (RFC 8291,
// aes128gcm) with the subscription's private key made here. Each endpoint path can be told
// to answer another status (410 for an expired subscription, a 303 with a Location), or to
// take the push and never answer (a push service that hangs). The stack lets pushes reach
// this stand-in at 127.0.0.1 only when LOCAL_PUSH_SERVICE_ORIGIN names its `origin`.
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from './self-signed-certificate.ts';

export interface TestSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** the browser's side: its ECDH private key and auth secret */
  ecdh: ReturnType<typeof createECDH>;
  authSecret: Buffer;
}

export interface ReceivedPush {
  path: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the VAPID JWT's claims, checked */
  jwt: { aud: string; exp: number; sub: string };
  /** the VAPID public key (k=) the JWT verified with */
  vapidKey: string;
  /** the decrypted JSON */
  payload: Record<string, unknown>;
}

export interface PushService {
  origin: string;
  received: ReceivedPush[];
  /** requests that failed a check (bad JWT, undecryptable body): the error */
  rejected: string[];
  subscription(): TestSubscription;
  /** what an endpoint answers from now on: a status (default 201), with a Location for a redirect, or nothing ever */
  answer(endpoint: string, status: number | 'hang', location?: string): void;
  /** requests taken and never answered (answer 'hang'), by path */
  hanging: string[];
  /** TLS connections accepted so far (each push the sender makes opens one) */
  connections(): number;
  close(): Promise<void>;
}

function b64url(buf: Buffer): string {
  return buf.toString('base64url');
}

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** RFC 8291 §3.4 + RFC 8188: decrypts one aes128gcm push body with the browser's keys. */
export function decryptPush(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`key id is ${idlen} bytes, expected the sender's 65-byte public key`);
  if (ciphertext.length > rs) throw new Error('more than one record');
  const uaPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])])).subarray(0, 32);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: the JWT verifies with k, aud is the endpoint's origin, exp within a day, sub a contact. */
export function checkVapid(
  authorization: string | undefined,
  origin: string,
): { jwt: ReceivedPush['jwt']; key: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`Authorization is not "vapid t=…, k=…": ${authorization}`);
  const [token, key] = [m[1], m[2]];
  const [h, p, s] = token.split('.');
  const header = JSON.parse(Buffer.from(h, 'base64url').toString());
  if (header.alg !== 'ES256') throw new Error(`JWT alg ${header.alg}`);
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('JWT signature does not verify with k');
  const jwt = JSON.parse(Buffer.from(p, 'base64url').toString());
  if (jwt.aud !== origin) throw new Error(`JWT aud ${jwt.aud}, expected ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(jwt.exp > now && jwt.exp <= now + 24 * 3600)) throw new Error(`JWT exp ${jwt.exp} not within a day`);
  if (!/^(mailto:|https:\/\/)/.test(jwt.sub)) throw new Error(`JWT sub ${jwt.sub}`);
  return { jwt, key };
}

export async function startPushService(): Promise<PushService> {
  const { key, cert } = selfSignedCertificate('127.0.0.1');
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const statuses = new Map<string, { status: number | 'hang'; location?: string }>();
  const hanging: string[] = [];
  let origin = '';
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      const answer = statuses.get(url) ?? { status: 201 };
      if (answer.status === 'hang') {
        hanging.push(url);
        return;
      }
      const status = answer.status;
      try {
        if (req.method !== 'POST') throw new Error(`method ${req.method}`);
        if (req.headers['content-encoding'] !== 'aes128gcm')
          throw new Error(`Content-Encoding ${req.headers['content-encoding']}`);
        if (!req.headers.ttl) throw new Error('no TTL header');
        const { jwt, key } = checkVapid(req.headers.authorization, origin);
        const sub = subscriptions.get(url);
        if (!sub) throw new Error(`no subscription at ${url}`);
        const payload = JSON.parse(
          decryptPush(Buffer.concat(chunks), sub.ecdh, sub.authSecret).toString('utf8'),
        );
        received.push({ path: url, status, headers: req.headers, jwt, vapidKey: key, payload });
        res
          .writeHead(status, answer.location ? { Location: answer.location } : {})
          .end(status === 410 ? 'subscription gone' : '');
      } catch (err) {
        rejected.push(err instanceof Error ? err.message : String(err));
        res.writeHead(400).end('bad push');
      }
    });
  });
  const subscriptions = new Map<string, TestSubscription>();
  let connections = 0;
  server.on('secureConnection', () => {
    connections += 1;
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    rejected,
    hanging,
    connections: () => connections,
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const p = `/push/${b64url(randomBytes(12))}`;
      const sub = {
        endpoint: `${origin}${p}`,
        p256dh: b64url(ecdh.getPublicKey()),
        auth: b64url(authSecret),
        ecdh,
        authSecret,
      };
      subscriptions.set(p, sub);
      return sub;
    },
    answer(endpoint, status, location) {
      statuses.set(new URL(endpoint).pathname, { status, location });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

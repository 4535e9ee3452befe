// The product as `npm start` runs it, for the app benches: an in-memory local stack on a port
// of the bench's own, the app built into a directory of the bench's own (dist/ stays as it
// is) and served with the same static server, a confirmed seller to sign in as, and Debian's
// Chromium.
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { openDatabase } from '../../supabase/local/db/database.ts';
import { startStack, type Stack } from '../../supabase/local/server.ts';
import { buildAppIfStale, serveApp } from '../../supabase/local/app-server.ts';
import { ROOT } from '../../supabase/local/config.ts';
import { selfSignedCertificate } from '../../tests/support/self-signed-certificate.ts';
import { httpsFront, trustFlag } from './https-front.ts';
import { recordLanguage } from './returning-seller.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface AppUnderTest {
  stack: Stack;
  appUrl: string;
  browser: Browser;
  /** the arguments a bench launches its own Chromium with (CHROMIUM_ARGS, and the trust flag) */
  chromiumArgs: string[];
  /** how the app and the API are reached, for the bench's printout */
  transport: string;
  /** creates a confirmed seller and returns the localStorage entry supabase-js keeps its session in */
  signedInStorage(fullName: string): Promise<{ key: string; value: string }>;
  close(): Promise<void>;
}

export async function startAppUnderTest(opts: {
  apiPort: number;
  appPort: number;
  name: string;
  /** HTTPS with HTTP/2 for the app and the API, as production serves them (./https-front.ts);
   *  BENCH_HTTPS=1 or 0 overrides it. Plain HTTP/1.1, as `npm start` serves them, by default. */
  https?: boolean;
}): Promise<AppUnderTest> {
  const https = process.env.BENCH_HTTPS ? process.env.BENCH_HTTPS === '1' : (opts.https ?? false);
  const db = await openDatabase({ dataDir: null });
  const stack = await startStack({ port: opts.apiPort, quiet: true, db, config: { appPort: 0 } as never });
  const certificate = https ? selfSignedCertificate('localhost') : null;
  const front = certificate ? await httpsFront(opts.apiPort, opts.apiPort + 1000, certificate) : null;
  const apiUrl = front?.url ?? stack.url;
  // One build directory per checkout and transport, so benches of two checkouts (before/after)
  // can alternate.
  const checkout = createHash('sha256').update(ROOT).digest('hex').slice(0, 8);
  const outDir = path.join(os.tmpdir(), `drape-bench-${opts.name}-${checkout}${https ? '-https' : ''}`);
  await buildAppIfStale({ VITE_SUPABASE_URL: apiUrl, VITE_SUPABASE_ANON_KEY: stack.keys.anon }, outDir);
  const served = await serveApp(certificate ? opts.appPort + 1000 : opts.appPort, outDir);
  const appFront = certificate ? await httpsFront(opts.appPort + 1000, opts.appPort, certificate) : null;
  const app = { ...served, url: appFront?.url ?? served.url };
  const chromiumArgs = certificate ? [...CHROMIUM_ARGS, trustFlag(certificate)] : CHROMIUM_ARGS;
  // Measured, the server answers as a static host does, from files compressed beforehand: the
  // first seconds after start it is still compressing the build (~9 s of brotli on 2 cores),
  // which slowed the first page's scripts and the browser alike.
  await app.compressed;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });

  async function signedInStorage(fullName: string) {
    const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'bench-password';
    const admin = await fetch(`${stack.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: stack.keys.serviceRole,
        Authorization: `Bearer ${stack.keys.serviceRole}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { full_name: fullName } }),
    });
    if (!admin.ok) throw new Error(`admin user: ${admin.status} ${await admin.text()}`);
    const { id } = (await admin.json()) as { id: string };
    await recordLanguage(
      { apiUrl: stack.url, anonKey: stack.keys.anon, serviceKey: stack.keys.serviceRole },
      id,
    );
    const res = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.keys.anon, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`sign in: ${res.status} ${await res.text()}`);
    // supabase-js's default storage key: sb-<first label of the API host>-auth-token
    const key = `sb-${new URL(stack.url).hostname.split('.')[0]}-auth-token`;
    return { key, value: JSON.stringify(await res.json()) };
  }

  return {
    stack,
    appUrl: app.url,
    browser,
    chromiumArgs,
    transport: https
      ? 'HTTPS with HTTP/2 for the app and the API (as production serves them)'
      : 'plain HTTP/1.1 for the app and the API (as npm start serves them)',
    signedInStorage,
    async close() {
      await browser.close();
      await appFront?.close();
      await app.close();
      await front?.close();
      await stack.close();
      await db.close();
    },
  };
}

export const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

export function machineLine(): string {
  return `machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}

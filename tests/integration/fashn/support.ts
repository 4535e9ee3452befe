// Helpers for the local FASHN endpoint's tests: the endpoint mounted on a small server of the
// test's own (so a test can choose keys, delays, expiry), which also serves fixture images and
// records webhook calls; garment and background fixtures drawn with sharp.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Ctx } from '../../../supabase/local/http.ts';
import { createFashnEndpoint, FASHN_MOUNT, type FashnOptions } from '../../../supabase/local/fashn/index.ts';

export interface Harness {
  url: string;
  api: string;
  endpoint: ReturnType<typeof createFashnEndpoint>;
  dataDir: string;
  /** serves bytes at {url}/files/{name} */
  files: Map<string, { bytes: Buffer; type: string }>;
  webhooks: { path: string; body: any }[];
  /** status answered to webhook calls (default 200) */
  webhookStatus: { value: number };
  close(): Promise<void>;
}

export async function startHarness(opts: Partial<FashnOptions> = {}, keepDataDir?: string): Promise<Harness> {
  const dataDir = keepDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'drape-fashn-'));
  const files = new Map<string, { bytes: Buffer; type: string }>();
  const webhooks: { path: string; body: any }[] = [];
  const webhookStatus = { value: 200 };
  let endpoint: ReturnType<typeof createFashnEndpoint> | null = null;
  const server = http.createServer(async (req, res) => {
    const raw = req.url ?? '/';
    const u = new URL(raw, 'http://127.0.0.1');
    try {
      if (u.pathname.startsWith(`${FASHN_MOUNT}/`) && endpoint) {
        const ctx: Ctx = {
          req,
          res,
          method: req.method ?? 'GET',
          path: u.pathname.slice(FASHN_MOUNT.length),
          search: u.search.slice(1),
          url: u,
        };
        await endpoint.handle(ctx);
        return;
      }
      if (u.pathname.startsWith('/files/')) {
        const f = files.get(decodeURIComponent(u.pathname.slice('/files/'.length)));
        if (!f) {
          res.writeHead(404).end('not found');
          return;
        }
        res.writeHead(200, { 'Content-Type': f.type, 'Content-Length': f.bytes.length }).end(f.bytes);
        return;
      }
      if (u.pathname.startsWith('/hook')) {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        webhooks.push({
          path: u.pathname + u.search,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        res.writeHead(webhookStatus.value).end();
        return;
      }
      res.writeHead(404).end();
    } catch (err) {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  endpoint = createFashnEndpoint({
    dataDir,
    selfUrl: url,
    apiKey: null,
    publicDir: path.resolve(import.meta.dirname, '../../../public'),
    outputTtlSeconds: 3600,
    diskBudgetBytes: 512 * 1024 * 1024,
    concurrency: 2,
    stepDelayMs: 0,
    webhookBackoffMs: [50, 100],
    log: () => {},
    ...opts,
  });
  return {
    url,
    api: `${url}${FASHN_MOUNT}/v1`,
    endpoint,
    dataDir,
    files,
    webhooks,
    webhookStatus,
    async close() {
      await endpoint?.close?.();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const KEY = 'local-test-key';

export async function run(
  api: string,
  model_name: string,
  inputs: Record<string, unknown>,
  extra: { key?: string | null; webhook?: string } = {},
) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (extra.key !== null) headers.Authorization = `Bearer ${extra.key ?? KEY}`;
  const q = extra.webhook ? `?webhook_url=${encodeURIComponent(extra.webhook)}` : '';
  const res = await fetch(`${api}/run${q}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ model_name, inputs }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

export async function status(api: string, id: string, key = KEY) {
  const res = await fetch(`${api}/status/${id}`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

/** Polls until completed/failed, recording every status seen. */
export async function settle(
  api: string,
  id: string,
  timeoutMs = 25_000,
  everyMs = 20,
): Promise<{ final: any; seen: string[] }> {
  const seen: string[] = [];
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { body } = await status(api, id);
    if (seen[seen.length - 1] !== body.status) seen.push(body.status);
    if (body.status === 'completed' || body.status === 'failed') return { final: body, seen };
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`prediction ${id} did not finish; saw ${seen.join(' → ')}`);
}

export async function fetchBytes(url: string): Promise<{ bytes: Buffer; headers: Headers; status: number }> {
  const res = await fetch(url);
  return { bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers, status: res.status };
}

// ---- fixtures

/** A coloured T-shirt flat on a white (slightly noisy, JPEG) background. */
export async function teeOnWhite(fill = '#2f7a5a', size = 800): Promise<Buffer> {
  const s = size / 800;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="100%" height="100%" fill="#fbfbfa"/>
    <g transform="scale(${s})"><path d="M270 120 L330 100 Q400 150 470 100 L530 120 L690 220 L630 330 L560 290 L560 690 L240 690 L240 290 L170 330 L110 220 Z" fill="${fill}"/></g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/** A scene: sky, horizon, sand — every pixel differs from the studio backdrop. */
export async function beachBackground(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1536">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#5fa8d8"/><stop offset="0.6" stop-color="#cfe8f6"/>
      <stop offset="0.601" stop-color="#e3c995"/><stop offset="1" stop-color="#c9a767"/></linearGradient></defs>
    <rect width="1024" height="1536" fill="url(#s)"/><circle cx="820" cy="240" r="70" fill="#fff3b8"/></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 90 }).toBuffer();
}

export async function rawRgba(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

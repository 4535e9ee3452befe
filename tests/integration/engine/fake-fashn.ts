// A fake FASHN API for the engine's tests: POST /v1/run, GET /v1/status/{id}, outputs, and
// webhooks, with a script a test sets (HTTP failures on /run, the statuses /status walks
// through, a final error, whether it calls the webhook). It fetches the input URLs it is
// given, as FASHN does, and records what it saw.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface Script {
  /** how many /run calls answer 500 before one is accepted (counted over all calls) */
  runFailures: number;
  /** statuses successive /status calls walk through per prediction (the last repeats) */
  statuses: ('starting' | 'in_queue' | 'processing' | 'completed')[];
  /** the prediction fails with this error instead of completing */
  error: { name: string; message: string } | null;
  /** post the final status to webhook_url when the prediction finishes */
  webhook: boolean;
  /** hold /run this long before answering (ms) */
  runDelayMs: number;
  /** a one-step script posts its webhook before /run answers (the callback comes first) */
  webhookBeforeAnswer: boolean;
}

export interface RunRecord {
  id: string;
  model_name: string;
  inputs: Record<string, any>;
  webhook_url: string | null;
  authorization: string | null;
  /** HTTP status and byte count of each input URL the fake fetched */
  fetched: Record<string, { status: number; bytes: number }>;
}

export interface WebhookRecord {
  url: string;
  body: unknown;
  status: number;
}

interface Prediction {
  record: RunRecord;
  polls: number;
  finished: boolean;
}

const DEFAULT: Script = {
  runFailures: 0,
  statuses: ['completed'],
  error: null,
  webhook: true,
  runDelayMs: 0,
  webhookBeforeAnswer: false,
};

export interface FakeFashn {
  url: string;
  script: Script;
  runs: RunRecord[];
  webhooks: WebhookRecord[];
  statusCalls: number;
  /** the output image the fake serves (1024×1536 PNG) */
  output: Buffer;
  reset(script?: Partial<Script>): void;
  /** makes a prediction finish now (and calls its webhook when the script says so) */
  finish(id: string): Promise<void>;
  /** forgets every prediction (FASHN answers 404 for an id it no longer tracks) */
  forget(): void;
  close(): Promise<void>;
}

/** A 1024×1536 PNG that is not one flat colour: a gradient with a figure-like block. */
export async function makeOutputPng(width = 1024, height = 1536): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8e2d8"/><stop offset="1" stop-color="#b9ad9c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${width * 0.35}" y="${height * 0.2}" width="${width * 0.3}" height="${height * 0.6}" rx="40" fill="#3a5f8f"/>
    <circle cx="${width / 2}" cy="${height * 0.13}" r="${width * 0.08}" fill="#c99a7a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A tiny file with WebM's EBML magic, standing in for FASHN's video output. */
export const FAKE_WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
  Buffer.from('webm clip from the fake provider'),
]);

export async function startFakeFashn(apiKey = 'fake-key'): Promise<FakeFashn> {
  const predictions = new Map<string, Prediction>();
  let runCalls = 0;
  const output = await makeOutputPng();
  const transparent = await sharp({
    create: { width: 600, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: await sharp({ create: { width: 300, height: 400, channels: 4, background: '#aa3355' } })
          .png()
          .toBuffer(),
        top: 200,
        left: 150,
      },
    ])
    .png()
    .toBuffer();

  const fake: FakeFashn = {
    url: '',
    script: { ...DEFAULT },
    runs: [],
    webhooks: [],
    statusCalls: 0,
    output,
    reset(script = {}) {
      fake.script = { ...DEFAULT, ...script };
      fake.runs.length = 0;
      fake.webhooks.length = 0;
      fake.statusCalls = 0;
      runCalls = 0;
    },
    async finish(id) {
      const p = predictions.get(id);
      if (!p) return;
      p.finished = true;
      await deliver(p);
    },
    forget() {
      predictions.clear();
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function statusBody(p: Prediction) {
    const base = fake.url;
    const seq = fake.script.statuses;
    const step = p.finished ? 'completed' : seq[Math.min(p.polls, seq.length - 1)];
    if (step !== 'completed') return { id: p.record.id, status: step, output: null, error: null };
    if (fake.script.error)
      return { id: p.record.id, status: 'failed', output: null, error: fake.script.error };
    const ext = p.record.model_name === 'image-to-video' ? 'webm' : 'png';
    return {
      id: p.record.id,
      status: 'completed',
      output: [`${base}/outputs/${p.record.id}/0.${ext}`],
      error: null,
    };
  }

  async function deliver(p: Prediction) {
    if (!fake.script.webhook || !p.record.webhook_url) return;
    const body = statusBody(p);
    if (body.status !== 'completed' && body.status !== 'failed') return;
    const res = await fetch(p.record.webhook_url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => null);
    fake.webhooks.push({ url: p.record.webhook_url, body, status: res?.status ?? 0 });
    await res?.body?.cancel();
  }

  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown, type = 'application/json') => {
      const data = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
      res.writeHead(status, { 'Content-Type': type, 'Content-Length': data.length });
      res.end(data);
    };
    const url = new URL(req.url ?? '/', fake.url);
    const authorized = req.headers.authorization === `Bearer ${apiKey}`;
    try {
      if (req.method === 'POST' && url.pathname === '/v1/run') {
        if (!authorized)
          return send(401, { error: 'UnauthorizedAccess', message: 'Unauthorized: Invalid token' });
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (fake.script.runDelayMs) await new Promise((r) => setTimeout(r, fake.script.runDelayMs));
        runCalls++;
        if (runCalls <= fake.script.runFailures)
          return send(500, { error: 'InternalServerError', message: 'try again' });
        const record: RunRecord = {
          id: randomUUID(),
          model_name: body.model_name,
          inputs: body.inputs ?? {},
          webhook_url: url.searchParams.get('webhook_url'),
          authorization: req.headers.authorization ?? null,
          fetched: {},
        };
        // fetch the inputs as FASHN does (a URL that cannot be fetched would be an ImageLoadError)
        for (const [key, value] of Object.entries(record.inputs)) {
          if (typeof value !== 'string' || !/^https?:/.test(value) || value.includes('/catalogue/')) continue;
          const r = await fetch(value).catch(() => null);
          const bytes = r ? Buffer.from(await r.arrayBuffer()).length : 0;
          record.fetched[key] = { status: r?.status ?? 0, bytes };
        }
        fake.runs.push(record);
        const p: Prediction = { record, polls: 0, finished: false };
        predictions.set(record.id, p);
        // a one-step script finishes at once
        const atOnce = fake.script.statuses.length === 1 && fake.script.statuses[0] === 'completed';
        if (atOnce) p.finished = true;
        if (atOnce && fake.script.webhookBeforeAnswer) await deliver(p);
        send(200, { id: record.id, error: null });
        if (atOnce && !fake.script.webhookBeforeAnswer) setTimeout(() => void deliver(p), 10);
        return;
      }
      const status = /^\/v1\/status\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && status) {
        if (!authorized)
          return send(401, { error: 'UnauthorizedAccess', message: 'Unauthorized: Invalid token' });
        fake.statusCalls++;
        const p = predictions.get(decodeURIComponent(status[1]));
        if (!p) return send(404, { error: 'NotFound', message: 'prediction not found' });
        const body = statusBody(p);
        p.polls++;
        if (body.status === 'completed' || body.status === 'failed') p.finished = true;
        return send(200, body);
      }
      const out = /^\/outputs\/([^/]+)\/0\.(png|webm)$/.exec(url.pathname);
      if (req.method === 'GET' && out) {
        const p = predictions.get(out[1]);
        if (!p) return send(404, { error: 'NotFound' });
        if (out[2] === 'webm') return send(200, FAKE_WEBM, 'video/webm');
        return send(200, p.record.model_name === 'background-remove' ? transparent : output, 'image/png');
      }
      send(404, { error: 'NotFound', message: `no route ${req.method} ${url.pathname}` });
    } catch (err) {
      send(500, { error: 'InternalServerError', message: String(err) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

// The local FASHN-compatible endpoint, mounted by the stack at /_dev/fashn. It speaks
// FASHN's v1 API so the `fashn` provider adapter runs its own code locally:
//   POST /v1/run            {model_name, inputs, webhook_url?}  (webhook_url also as a query
//                           parameter, as FASHN documents it) → 200 {id, error: null}
//   GET  /v1/status/{id}    → {id, status, output, error}
//   GET  /outputs/{id}/{n}.{png|webm}   the results (expire like FASHN's CDN URLs)
// Authorization: Bearer <key>. With LOCAL_FASHN_KEY set, only that key, from anywhere;
// without it, any non-empty key from this machine only (the endpoint fetches the URLs it is
// given and posts to webhook URLs: the stack refuses to listen beyond this machine without
// the key). Results are drawn by a preview renderer (see README.md), not a
// generative model, and say so: PNG tEXt chunks, meta.json, and the X-Drape-Renderer header.
import path from 'node:path';
import { ROOT } from '../config.ts';
import {
  devKeyRefusal,
  header,
  HttpError,
  readJson,
  sendJson,
  type Service,
  type StackContext,
} from '../http.ts';
import { ApiError } from './errors.ts';
import { MODEL_NAMES, validate, type ModelName } from './models.ts';
import { OutputStore } from './outputs.ts';
import { PredictionQueue, statusBody } from './predictions.ts';
import { createRenderer, defaultWorkerCount, type Renderer } from './renderer.ts';
import { RENDERER, RENDERER_NOTE } from './render/raster.ts';

export const FASHN_MOUNT = '/_dev/fashn';

export interface FashnOptions {
  /** where outputs and predictions are kept ({DATA_DIR}/fashn) */
  dataDir: string;
  /** the stack's base URL: output URLs are {selfUrl}/_dev/fashn/outputs/... */
  selfUrl: string;
  /** the only accepted key; null accepts any non-empty key from this machine */
  apiKey: string | null;
  /** the app's public/ folder (catalogue files) */
  publicDir: string;
  outputTtlSeconds: number;
  diskBudgetBytes: number;
  concurrency: number;
  /**
   * render worker threads (at most `concurrency` are used); 0 renders on the main thread.
   * Default: one per core but one, at least one (LOCAL_FASHN_WORKERS).
   */
  workers?: number;
  stepDelayMs: number;
  webhookBackoffMs?: number[];
  /** for webhooks; for input images only when rendering on the main thread (`workers: 0`):
   * a function cannot cross to a worker thread, which fetches with Node's own fetch */
  fetch?: typeof fetch;
  log(message: string): void;
}

function envNumber(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return process.env[name] !== undefined && process.env[name] !== '' && Number.isFinite(v) ? v : fallback;
}

export function fashnOptionsFromEnv(ctx: StackContext): FashnOptions {
  return {
    dataDir: path.join(ctx.config.dataDir, 'fashn'),
    selfUrl: ctx.url,
    apiKey: ctx.config.devKeys.fashn,
    publicDir: path.join(ROOT, 'public'),
    outputTtlSeconds: envNumber('LOCAL_FASHN_OUTPUT_TTL_SECONDS', 3600),
    diskBudgetBytes: envNumber('LOCAL_FASHN_DISK_BUDGET_MB', 512) * 1024 * 1024,
    concurrency: Math.max(1, envNumber('LOCAL_FASHN_CONCURRENCY', 2)),
    workers: Math.max(0, Math.floor(envNumber('LOCAL_FASHN_WORKERS', defaultWorkerCount()))),
    stepDelayMs: Math.max(0, envNumber('LOCAL_FASHN_STEP_DELAY_MS', 0)),
    log: (m) => ctx.log('fashn', m),
  };
}

export async function createFashnService(ctx: StackContext): Promise<Service> {
  return createFashnEndpoint(fashnOptionsFromEnv(ctx));
}

const RENDERER_HEADERS = { 'X-Drape-Renderer': RENDERER, 'X-Drape-Renderer-Note': RENDERER_NOTE };

export function createFashnEndpoint(
  opts: FashnOptions,
): Service & { queue: PredictionQueue; store: OutputStore; renderer: Renderer } {
  const workers = opts.workers ?? defaultWorkerCount();
  const outputsDir = path.join(opts.dataDir, 'outputs');
  const store = new OutputStore({
    dir: outputsDir,
    ttlSeconds: opts.outputTtlSeconds,
    budgetBytes: opts.diskBudgetBytes,
    // with render workers the subjects are read (and kept) where they are used
    subjectCache: workers > 0 ? 0 : undefined,
    log: opts.log,
  });
  const base = `${opts.selfUrl.replace(/\/$/, '')}${FASHN_MOUNT}`;
  const env = {
    selfUrl: opts.selfUrl,
    publicDir: opts.publicDir,
    fetch: opts.fetch,
    store,
    readOutput: async (id: string, file: string) => (await store.read(id, file))?.bytes ?? null,
  };
  const renderer = createRenderer({
    workers,
    concurrency: opts.concurrency,
    settings: {
      selfUrl: opts.selfUrl,
      publicDir: opts.publicDir,
      outputsDir,
      ttlSeconds: opts.outputTtlSeconds,
    },
    env,
    log: opts.log,
  });
  const queue = new PredictionQueue({
    dir: path.join(opts.dataDir, 'predictions'),
    concurrency: opts.concurrency,
    stepDelayMs: opts.stepDelayMs,
    keepSeconds: opts.outputTtlSeconds,
    fetch: opts.fetch,
    webhookBackoffMs: opts.webhookBackoffMs,
    log: opts.log,
    async run(p) {
      const out = await renderer.render(p.id, p.model_name as ModelName, p.inputs);
      const names = await store.save(p.id, p.model_name, out.files, {
        subject: out.subject,
        details: out.details,
      });
      return names.map((n) => `${base}/outputs/${p.id}/${n}`);
    },
  });
  queue.restore();

  const sweep = setInterval(() => {
    void store.sweep().catch((e) => opts.log(`sweep: ${e?.message ?? e}`));
    void queue.sweep().catch((e) => opts.log(`sweep: ${e?.message ?? e}`));
  }, 60_000);
  sweep.unref();
  void store.sweep().catch(() => {});

  // the team's contract shape {error: {name, message}}, plus FASHN's top-level message
  const apiError = (res: Parameters<typeof sendJson>[0], err: ApiError) =>
    sendJson(res, err.status, { error: { name: err.errorName, message: err.message }, message: err.message });

  return {
    queue,
    store,
    renderer,
    async handle({ req, res, method, path: p, url }) {
      try {
        const parts = p.split('/').filter(Boolean);
        if (parts[0] === 'outputs' && parts.length === 3) {
          if (method !== 'GET' && method !== 'HEAD')
            throw new ApiError(405, 'MethodNotAllowed', 'Method not allowed');
          const file = await store.read(parts[1], parts[2]);
          if (!file) throw new ApiError(404, 'NotFound', 'Output not found or expired');
          res.writeHead(200, {
            'Content-Type': file.contentType,
            'Content-Length': file.bytes.length,
            'Cache-Control': 'private, max-age=3600',
            ...RENDERER_HEADERS,
          });
          res.end(method === 'HEAD' ? undefined : file.bytes);
          return;
        }
        if (parts[0] !== 'v1') throw new ApiError(404, 'NotFound', 'Resource not found');
        const token = /^Bearer\s+(\S+)\s*$/i.exec(header(req, 'authorization') ?? '')?.[1];
        const refusal = devKeyRefusal(req, token, opts.apiKey);
        if (refusal === 'not_this_machine')
          throw new ApiError(
            401,
            'UnauthorizedAccess',
            'Unauthorized: the local FASHN endpoint answers other machines only with LOCAL_FASHN_KEY',
          );
        if (refusal) throw new ApiError(401, 'UnauthorizedAccess', 'Unauthorized: Invalid token');

        if (parts[1] === 'run' && parts.length === 2) {
          if (method !== 'POST') throw new ApiError(405, 'MethodNotAllowed', 'Method not allowed');
          let body: { model_name?: unknown; inputs?: unknown; webhook_url?: unknown } | null | undefined;
          try {
            body = await readJson(req, 40 * 1024 * 1024);
          } catch (err) {
            if (err instanceof HttpError) throw new ApiError(err.status, 'BadRequest', err.message);
            throw err;
          }
          if (!body || typeof body !== 'object')
            throw new ApiError(
              400,
              'BadRequest',
              'Request body must be a JSON object with model_name and inputs',
            );
          validate(body.model_name, body.inputs);
          const webhook =
            url.searchParams.get('webhook_url') ??
            (typeof body.webhook_url === 'string' ? body.webhook_url : null);
          if (webhook !== null && !/^https?:\/\//i.test(webhook))
            throw new ApiError(400, 'BadRequest', 'webhook_url must be an http(s) URL');
          const prediction = queue.submit(body.model_name as ModelName, body.inputs, webhook || null);
          return sendJson(res, 200, { id: prediction.id, error: null });
        }
        if (parts[1] === 'status' && parts.length === 3) {
          if (method !== 'GET') throw new ApiError(405, 'MethodNotAllowed', 'Method not allowed');
          const prediction = queue.get(decodeURIComponent(parts[2]));
          if (!prediction) throw new ApiError(404, 'NotFound', 'Prediction not found');
          return sendJson(res, 200, statusBody(prediction), RENDERER_HEADERS);
        }
        throw new ApiError(404, 'NotFound', 'Resource not found');
      } catch (err) {
        if (err instanceof ApiError) return apiError(res, err);
        throw err;
      }
    },
    async close() {
      clearInterval(sweep);
      // the queue stops first (a render cut short stays unfinished and runs again on restart),
      // then the workers are terminated, which ends the renders in flight
      const stopped = queue.close();
      await renderer.close();
      await stopped;
    },
  };
}

export { MODEL_NAMES };

// Input images: URLs (or data: URLs with base64, as FASHN also accepts). The endpoint's own
// outputs and the catalogue's files are read straight from disk when the URL names this
// machine (no HTTP round trip, and the app server need not run); anything else is fetched
// with a time and size limit. Whatever cannot be fetched or decoded is an ImageLoadError.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describeFailure, PredictionError } from './errors.ts';
import { parseCatalogueModel } from './render/figures.ts';
import type { PoseSlug } from '../catalogue-art/index.ts';

export type InputRef =
  | { kind: 'catalogue-model'; slug: string; pose: PoseSlug }
  | { kind: 'own-output'; id: string; index: number }
  | { kind: 'other' };

export interface InputImage {
  /** the URL as given (data: URLs shortened), for messages and cache keys */
  label: string;
  /** a stable key for caches: the URL without its query string for local files, else the URL */
  key: string;
  ref: InputRef;
  /** the bytes, fetched once on first use; rejects with ImageLoadError */
  bytes(): Promise<Buffer>;
}

export interface InputEnv {
  /** the stack's own base URL (its host names this machine) */
  selfUrl: string;
  /** the app's public/ folder, where /catalogue/... files live */
  publicDir: string;
  /** reads one of the endpoint's own outputs, or null when gone */
  readOutput(id: string, file: string): Promise<Buffer | null>;
  fetch?: typeof fetch;
  maxBytes?: number;
  timeoutMs?: number;
}

const OWN_OUTPUT = /\/_dev\/fashn\/outputs\/([0-9a-f-]{36})\/(\d+)\.(png|webm)$/;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isThisMachine(url: URL, selfUrl: string): boolean {
  let self: URL | null = null;
  try {
    self = new URL(selfUrl);
  } catch {
    /* ignore */
  }
  return LOOPBACK.has(url.hostname) || (self !== null && url.hostname === self.hostname);
}

export function resolveInput(raw: string, env: InputEnv): InputImage {
  const loadError = (why: string) => new PredictionError('ImageLoadError', `Unable to load image: ${why}`);
  let cached: Promise<Buffer> | null = null;
  const once = (load: () => Promise<Buffer>) => () => (cached ??= load().then(checkDecodable));

  if (raw.startsWith('data:')) {
    const m = /^data:image\/[a-z0-9.+-]+;base64,(.*)$/is.exec(raw);
    const label = `${raw.slice(0, 32)}…`;
    return {
      label,
      key: label,
      ref: { kind: 'other' },
      bytes: once(async () => {
        if (!m) throw loadError('a data URL must be data:image/<type>;base64,<data>');
        return Buffer.from(m[1], 'base64');
      }),
    };
  }

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return {
      label: raw,
      key: raw,
      ref: { kind: 'other' },
      bytes: once(async () => {
        throw loadError(`not a URL: ${raw.slice(0, 80)}`);
      }),
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      label: raw,
      key: raw,
      ref: { kind: 'other' },
      bytes: once(async () => {
        throw loadError(`unsupported URL scheme ${url.protocol}`);
      }),
    };
  }

  const local = isThisMachine(url, env.selfUrl);
  const own = local ? OWN_OUTPUT.exec(url.pathname) : null;
  if (own) {
    const [, id, index, ext] = own;
    return {
      label: raw,
      key: `own:${id}/${index}`,
      ref: { kind: 'own-output', id, index: Number(index) },
      bytes: once(async () => {
        const b = await env.readOutput(id, `${index}.${ext}`);
        if (!b) throw loadError('the output has expired');
        return b;
      }),
    };
  }

  const model = parseCatalogueModel(raw);
  const fetchIt = () => fetchBytes(url, env, loadError);
  if (local && url.pathname.startsWith('/catalogue/')) {
    const file = path.join(env.publicDir, decodeURIComponent(url.pathname));
    const inside = file.startsWith(path.join(env.publicDir, 'catalogue') + path.sep);
    return {
      label: raw,
      key: `public:${url.pathname}`,
      ref: model ? { kind: 'catalogue-model', ...model } : { kind: 'other' },
      bytes: once(async () => {
        if (inside) {
          try {
            return await fs.readFile(file);
          } catch {
            /* not on disk: ask the app server */
          }
        }
        return fetchIt();
      }),
    };
  }
  return {
    label: raw,
    key: raw,
    ref: model ? { kind: 'catalogue-model', ...model } : { kind: 'other' },
    bytes: once(fetchIt),
  };
}

async function fetchBytes(
  url: URL,
  env: InputEnv,
  loadError: (why: string) => PredictionError,
): Promise<Buffer> {
  const max = env.maxBytes ?? 30 * 1024 * 1024;
  let res: Response;
  try {
    res = await (env.fetch ?? fetch)(url, {
      signal: AbortSignal.timeout(env.timeoutMs ?? 20_000),
      redirect: 'follow',
    });
  } catch (err) {
    throw loadError(`could not fetch ${url.origin}${url.pathname} (${describeFailure(err)})`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw loadError(`fetching ${url.origin}${url.pathname} answered ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > max) {
    await res.body?.cancel().catch(() => {});
    throw loadError(`the image is larger than ${max} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > max) throw loadError(`the image is larger than ${max} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** Header check: the bytes are an image sharp can read. */
async function checkDecodable(bytes: Buffer): Promise<Buffer> {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
  } catch (err) {
    throw new PredictionError(
      'ImageLoadError',
      `Unable to load image: the data is not a readable image (${describeFailure(err)})`,
    );
  }
  return bytes;
}

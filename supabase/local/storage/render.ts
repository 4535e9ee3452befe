// Image transformation on download, as Supabase's /render/image endpoints offer it:
// width and height (1–2500), resize cover (crop, the default) / contain (fit inside) /
// fill (stretch), quality (20–100, default 80) and format. With no format the result is
// WebP when the client accepts it (as browsers do for <img>), else the original format;
// `format=origin` keeps the original. Done with sharp; results are cached next to the
// version they were made from, so they go when that version goes.
import { createHash, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Claims } from '../jwt.ts';
import type { FileStore } from './disk.ts';
import { ERR, errorMessage } from './errors.ts';
import type { OpenedObject } from './object-read.ts';

export type ResizeMode = 'cover' | 'contain' | 'fill';
export type OutputFormat = 'origin' | 'webp' | 'avif' | 'jpeg' | 'png';

export interface ImageTransform {
  width?: number;
  height?: number;
  resize?: ResizeMode;
  quality?: number;
  format?: OutputFormat;
}

const FORMATS: OutputFormat[] = ['origin', 'webp', 'avif', 'jpeg', 'png'];
const FITS: Record<ResizeMode, 'cover' | 'inside' | 'fill'> = {
  cover: 'cover',
  contain: 'inside',
  fill: 'fill',
};

function int(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw ERR.invalidRequest(`${name} must be an integer between ${min} and ${max}`);
  return n;
}

/** From a query string or the `transform` object of a sign request. */
export function parseTransform(source: URLSearchParams | Record<string, unknown>): ImageTransform {
  const get = (k: string) => (source instanceof URLSearchParams ? (source.get(k) ?? undefined) : source[k]);
  const resize = get('resize');
  const format = get('format');
  if (resize !== undefined && !Object.hasOwn(FITS, String(resize)))
    throw ERR.invalidRequest('resize must be one of cover, contain, fill');
  if (format !== undefined && !FORMATS.includes(format as OutputFormat)) {
    throw ERR.invalidRequest(`format must be one of ${FORMATS.join(', ')}`);
  }
  return {
    width: int(get('width'), 'width', 1, 2500),
    height: int(get('height'), 'height', 1, 2500),
    resize: resize as ResizeMode | undefined,
    quality: int(get('quality'), 'quality', 20, 100),
    format: format as OutputFormat | undefined,
  };
}

export function isEmptyTransform(t: ImageTransform): boolean {
  return Object.values(t).every((v) => v === undefined);
}

/** Claims for a signed render URL (Supabase keeps them as `transformations` + `format`). */
export function transformToToken(t: ImageTransform): Claims {
  const parts = (['width', 'height', 'resize', 'quality'] as const)
    .filter((k) => t[k] !== undefined)
    .map((k) => `${k}:${t[k]}`);
  return { transformations: parts.join(','), format: t.format ?? '' };
}

export function transformFromToken(claims: Claims): ImageTransform | null {
  if (typeof claims.transformations !== 'string') return null;
  const entries: Record<string, unknown> = Object.fromEntries(
    claims.transformations
      .split(',')
      .filter(Boolean)
      .map((p) => p.split(':') as [string, string]),
  );
  if (typeof claims.format === 'string' && claims.format) entries.format = claims.format;
  return parseTransform(entries);
}

export interface RenderedImage {
  body: Buffer;
  mimetype: string;
  eTag: string;
}

function outputFormat(t: ImageTransform, accept: string): Exclude<OutputFormat, 'origin'> | null {
  if (t.format && t.format !== 'origin') return t.format;
  if (t.format === 'origin') return null;
  return /image\/webp/i.test(accept) ? 'webp' : null;
}

export async function renderImage(
  store: FileStore,
  opened: OpenedObject,
  t: ImageTransform,
  accept: string,
): Promise<RenderedImage> {
  const { row, handle } = opened;
  const sourceMime = row.metadata?.mimetype ?? 'application/octet-stream';
  const format = outputFormat(t, accept);
  const mimetype = format ? `image/${format}` : sourceMime;
  const key = createHash('sha1')
    .update(JSON.stringify([t.width, t.height, t.resize, t.quality, format]))
    .digest('hex')
    .slice(0, 16);
  const cacheFile = `${store.versionPath(row.bucket_id, row.name, row.version!)}.render.${key}`;
  const eTag = `"${row.version}-${key}"`;

  const cached = await fs.readFile(cacheFile).catch(() => null);
  if (cached) return { body: cached, mimetype, eTag };

  let body: Buffer;
  try {
    let img = sharp(await handle.readFile(), { failOn: 'none' }).rotate();
    if (t.width || t.height) {
      img = img.resize({ width: t.width, height: t.height, fit: FITS[t.resize ?? 'cover'] });
    }
    const quality = t.quality ?? 80;
    if (format === 'webp') img = img.webp({ quality });
    else if (format === 'avif') img = img.avif({ quality });
    else if (format === 'jpeg') img = img.jpeg({ quality });
    else if (format === 'png') img = img.png();
    else if (/jpe?g/.test(sourceMime)) img = img.jpeg({ quality });
    else if (/webp/.test(sourceMime)) img = img.webp({ quality });
    body = await img.toBuffer();
  } catch (err) {
    throw ERR.imageProcessing(`Image processing failed: ${errorMessage(err) ?? err}`);
  }

  // Cache atomically; a failure here only costs the next request a re-render.
  const temp = path.join(store.root, '.tmp', randomUUID());
  await fs
    .writeFile(temp, body)
    .then(() => fs.rename(temp, cacheFile))
    .catch(() => store.removeQuietly(temp));
  return { body, mimetype, eTag };
}

// What a static host does with the app's text files: sends them compressed (brotli when the
// browser takes it, else gzip), compressing each file once and keeping the result. On a phone
// link the first screen's JavaScript is a third of its size this way.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.wasm',
]);
/** Smaller files gain less than the headers cost. */
const MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with, from the request's Accept-Encoding (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

export function isCompressible(file: string, size: number): boolean {
  return size >= MIN_BYTES && COMPRESSIBLE.has(path.extname(file));
}

/** Compresses every file worth it in the background, so no first request waits for it. */
export async function warmCompression(dir: string): Promise<void> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
  for (const file of files) {
    const { size, mtimeMs } = await stat(file);
    if (isCompressible(file, size))
      await Promise.all([compressedFile(file, mtimeMs, 'br'), compressedFile(file, mtimeMs, 'gzip')]);
  }
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const cache = new Map<string, Promise<Buffer>>();

/** The file's compressed bytes; a rebuilt file (new mtime) is compressed again. */
export function compressedFile(file: string, mtimeMs: number, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${mtimeMs}:${file}`;
  let body = cache.get(key);
  if (!body) {
    body = readFile(file).then((raw) =>
      encoding === 'br'
        ? brotli(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          })
        : gzipAsync(raw, { level: 9 }),
    );
    body.catch(() => cache.delete(key));
    cache.set(key, body);
  }
  return body;
}

// Builds the PWA when its inputs changed and serves dist/ with the SPA fallback that a
// static host gives it in production (unknown paths → index.html, assets cached forever).
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { compressedFile, isCompressible, pickEncoding, warmCompression } from './app-compression.ts';
import { ROOT } from './config.ts';

const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, '.build-stamp');
// the build's own plugins (scripts/vite) and what they read (scripts/i18n) count as inputs too
const INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package-lock.json',
  'scripts/vite',
  'scripts/i18n',
];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  // catalogue clips: Safari on iPhone plays a video only with a video type and byte ranges
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  // the Image Enhancer's WebAssembly backend: compiled while it downloads only with this type
  '.wasm': 'application/wasm',
};

/** A single `Range: bytes=…` of a file of `size` bytes; null = the whole file, 'bad' = 416. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return header.startsWith('bytes=') ? 'bad' : null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    // the last N bytes
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'bad';
  return { start, end };
}

function inputsHash(env: Record<string, string>): string {
  const h = createHash('sha256').update(JSON.stringify(env));
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) walk(path.join(p, name));
    } else {
      h.update(p).update(String(st.size)).update(String(st.mtimeMs));
    }
  };
  for (const i of INPUTS) walk(path.join(ROOT, i));
  return h.digest('hex');
}

/** Builds into dist/, or into outDir (benches and tests that must not disturb dist/). */
export async function buildAppIfStale(env: Record<string, string>, outDir = DIST): Promise<void> {
  const hash = inputsHash(env);
  const stamp = outDir === DIST ? STAMP : path.join(outDir, '.build-stamp');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  console.log('[app] building the app (sources changed since the last build)…');
  Object.assign(process.env, env);
  const { build } = await import('vite');
  await build({
    root: ROOT,
    logLevel: 'warn',
    build: outDir === DIST ? undefined : { outDir, emptyOutDir: true },
  });
  writeFileSync(stamp, hash);
}

/** Serves dist/, or another build directory. */
export async function serveApp(
  port: number,
  dir = DIST,
): Promise<{
  url: string;
  close: () => Promise<void>;
  /** settles once every file worth it is compressed (a bench waits for it before measuring) */
  compressed: Promise<void>;
}> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent((req.url ?? '/').split('?')[0]);
    let file = path.join(dir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(dir)) {
      res.writeHead(400).end();
      return;
    }
    if (!existsSync(file) || statSync(file).isDirectory()) {
      // Unknown paths are app routes: the router decides (and shows not-found itself).
      file = path.join(dir, 'index.html');
    }
    const ext = path.extname(file);
    const immutable = pathname.startsWith('/assets/');
    const headers: http.OutgoingHttpHeaders = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    const stat = statSync(file);
    const encoding = isCompressible(file, stat.size) ? pickEncoding(req.headers['accept-encoding']) : null;
    if (!encoding) {
      const range = byteRange(req.headers.range, stat.size);
      headers['Accept-Ranges'] = 'bytes';
      if (range === 'bad') {
        res.writeHead(416, { ...headers, 'Content-Range': `bytes */${stat.size}` }).end();
        return;
      }
      if (range) {
        res.writeHead(206, {
          ...headers,
          'Content-Range': `bytes ${range.start}-${range.end}/${stat.size}`,
          'Content-Length': range.end - range.start + 1,
        });
        if (req.method === 'HEAD') res.end();
        else createReadStream(file, range).pipe(res);
        return;
      }
      res.writeHead(200, { ...headers, 'Content-Length': stat.size });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
      return;
    }
    compressedFile(file, stat.mtimeMs, encoding).then(
      (body) => {
        res.writeHead(200, {
          ...headers,
          'Content-Encoding': encoding,
          'Content-Length': body.length,
          Vary: 'Accept-Encoding',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });
  const compressed = warmCompression(dir).catch((err) =>
    console.warn('[app] compressing the build failed', err),
  );
  return {
    compressed,
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

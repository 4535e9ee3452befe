// Builds the PWA when its inputs changed and serves dist/ with the SPA fallback that a
// static host gives it in production (unknown paths → index.html, assets cached forever).
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { compressedFile, isCompressible, pickEncoding, warmCompression } from './app-compression.ts';
import { ROOT } from './config.ts';

const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, '.build-stamp');
const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package-lock.json'];

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
};

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
): Promise<{ url: string; close: () => Promise<void> }> {
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
      res.writeHead(200, headers);
      createReadStream(file).pipe(res);
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
  warmCompression(dir).catch((err) => console.warn('[app] compressing the build failed', err));
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

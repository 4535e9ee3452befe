// The Image Enhancer's model files, served by the app itself: copied from the npm package
// @upscalerjs/esrgan-slim (MIT) into the build as /models/esrgan-slim/x2/… and x4/…, with
// TensorFlow.js's WebAssembly binaries as /models/tfjs-backend-wasm/…, and answered from
// node_modules by Vite's dev server. Nothing is fetched from a CDN at run time. They are not
// precached: the service worker keeps them once a seller opens the enhancer.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const MODEL_ROUTE = '/models/esrgan-slim/';
export const WASM_ROUTE = '/models/tfjs-backend-wasm/';
const FACTORS = ['x2', 'x4'] as const;

/** Each file to ship: its URL path under the site root and where it comes from. */
export function modelFiles(root = process.cwd()): Array<{ fileName: string; source: string }> {
  const base = path.join(root, 'node_modules/@upscalerjs/esrgan-slim/models');
  const models = FACTORS.flatMap((factor) =>
    readdirSync(path.join(base, factor))
      .filter((name) => name === 'model.json' || name.endsWith('.bin'))
      .map((name) => ({
        fileName: `${MODEL_ROUTE.slice(1)}${factor}/${name}`,
        source: path.join(base, factor, name),
      })),
  );
  const wasmDir = path.join(root, 'node_modules/@tensorflow/tfjs-backend-wasm/dist');
  const wasm = readdirSync(wasmDir)
    .filter((name) => name.endsWith('.wasm'))
    .map((name) => ({ fileName: `${WASM_ROUTE.slice(1)}${name}`, source: path.join(wasmDir, name) }));
  return [...models, ...wasm];
}

export function enhancerModels(): Plugin {
  return {
    name: 'drape:enhancer-models',
    configureServer(server) {
      const files = new Map(modelFiles(server.config.root).map((f) => [`/${f.fileName}`, f.source]));
      server.middlewares.use((req, res, next) => {
        const source = req.url ? files.get(req.url.split('?')[0]) : undefined;
        if (!source) return next();
        res.setHeader(
          'Content-Type',
          source.endsWith('.json') ? 'application/json' : 'application/octet-stream',
        );
        res.end(readFileSync(source));
      });
    },
    generateBundle() {
      for (const { fileName, source } of modelFiles()) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(source) });
      }
    },
  };
}

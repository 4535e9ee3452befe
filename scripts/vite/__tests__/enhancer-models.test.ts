import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WASM_ROUTE as SHIPPED_WASM, modelFiles } from '../enhancer-models.ts';
import { WASM_ROUTE, modelUrl } from '../../../src/features/tools/enhancer/model.ts';

describe('enhancerModels', () => {
  it('ships each factor’s model.json where the worker asks for it, with every weight file it names', () => {
    const files = modelFiles();
    const shipped = new Set(files.map((f) => `/${f.fileName}`));
    for (const factor of [2, 4] as const) {
      const url = modelUrl(factor);
      expect(shipped.has(url)).toBe(true);
      const json = files.find((f) => `/${f.fileName}` === url);
      const manifest = JSON.parse(readFileSync(json?.source ?? '', 'utf8')).weightsManifest as Array<{
        paths: string[];
      }>;
      for (const p of manifest.flatMap((m) => m.paths))
        expect(shipped.has(path.posix.join(path.posix.dirname(url), p))).toBe(true);
    }
    expect(files.filter((f) => f.fileName.startsWith('models/esrgan-slim/'))).toHaveLength(4);
  });

  it('ships the WebAssembly backend’s binaries where the worker points TensorFlow.js', () => {
    expect(SHIPPED_WASM).toBe(WASM_ROUTE);
    const shipped = modelFiles().map((f) => `/${f.fileName}`);
    for (const name of [
      'tfjs-backend-wasm.wasm',
      'tfjs-backend-wasm-simd.wasm',
      'tfjs-backend-wasm-threaded-simd.wasm',
    ])
      expect(shipped).toContain(`${WASM_ROUTE}${name}`);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelFiles } from '../enhancer-models.ts';
import { modelUrl } from '../../../src/features/tools/enhancer/model.ts';

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
    expect(files).toHaveLength(4);
  });
});

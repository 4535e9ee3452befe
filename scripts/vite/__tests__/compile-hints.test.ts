import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { COMPILE_HINT, compileHints } from '../compile-hints.ts';

const chunk = (name: string, code: string) =>
  ({ type: 'chunk', name, fileName: `assets/${name}-abc.js`, code }) as unknown as Rolldown.OutputChunk;

function generate(names: string[], files: (Rolldown.OutputChunk | Rolldown.OutputAsset)[]) {
  const plugin = compileHints(names);
  const hook = plugin.generateBundle as {
    handler: (this: unknown, o: unknown, b: Rolldown.OutputBundle) => void;
  };
  const bundle = Object.fromEntries(files.map((f) => [f.fileName, f]));
  hook.handler.call(
    {
      error: (message: string) => {
        throw new Error(message);
      },
    },
    {},
    bundle,
  );
  return bundle;
}

describe('compile hints', () => {
  it('puts the hint on the first line of the named chunks only, above what Vite put on top', () => {
    const bundle = generate(
      ['framework', 'shell'],
      [
        chunk('framework', 'import{a}from"./b.js";var n=1;'),
        chunk('shell', 'const __vite__mapDeps=(i)=>i;export{}'),
        chunk('home', 'export const home=1;'),
        {
          type: 'asset',
          name: 'shell',
          fileName: 'assets/shell-abc.css',
          source: 'a{}',
        } as unknown as Rolldown.OutputAsset,
      ],
    );
    const code = (f: string) => (bundle[f] as Rolldown.OutputChunk).code;
    expect(code('assets/framework-abc.js').split('\n')[0]).toBe(COMPILE_HINT);
    expect(code('assets/shell-abc.js')).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=(i)=>i;export{}`);
    expect(code('assets/home-abc.js')).not.toContain(COMPILE_HINT);
    expect((bundle['assets/shell-abc.css'] as Rolldown.OutputAsset).source).toBe('a{}');
  });

  it('fails the build when a named chunk is not there (a renamed chunk group)', () => {
    expect(() => generate(['framework', 'app'], [chunk('framework', 'var a;')])).toThrow(
      'compile hints: no chunk named app',
    );
  });
});

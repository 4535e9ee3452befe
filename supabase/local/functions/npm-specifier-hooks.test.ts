import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module (it runs on Node's loader thread)
import { npmSpecifierToBare, resolve } from './npm-specifier-hooks.mjs';

describe('npm: specifiers', () => {
  it('map to the installed package and subpath, whatever the version', () => {
    expect(npmSpecifierToBare('npm:@supabase/supabase-js@2')).toBe('@supabase/supabase-js');
    expect(npmSpecifierToBare('npm:@supabase/supabase-js@2.109.0/cors')).toBe('@supabase/supabase-js/cors');
    expect(npmSpecifierToBare('npm:stripe@^17')).toBe('stripe');
    expect(npmSpecifierToBare('npm:zod')).toBe('zod');
    expect(npmSpecifierToBare('npm:/jose@6/jwt/sign')).toBe('jose/jwt/sign');
    expect(npmSpecifierToBare('npm:@scope')).toBeNull();
  });

  it('are resolved through the next hook, while jsr: and URL imports are refused with advice', async () => {
    const seen: string[] = [];
    const next = async (s: string) => {
      seen.push(s);
      return { url: `file:///resolved/${s}` };
    };
    await resolve('npm:@supabase/supabase-js@2', { parentURL: 'file:///f.ts' }, next);
    await resolve('./local.ts', { parentURL: 'file:///f.ts' }, next);
    expect(seen).toEqual(['@supabase/supabase-js', './local.ts']);
    for (const spec of ['jsr:@std/path@1', 'https://esm.sh/zod']) {
      await expect(resolve(spec, { parentURL: 'file:///f.ts?tsx-namespace=x' }, next)).rejects.toThrow(
        /Cannot import ".+" from file:\/\/\/f\.ts: .*use the npm: package instead/,
      );
    }
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION, wasReplayed } from './stripe-client.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (p: string) => readFileSync(path.join(root, p), 'utf8');

describe('one Stripe version everywhere', () => {
  it('the SDK is pinned exactly, in package.json and every function import, and its API version is the one set in code and named in docs/deploying.md', () => {
    const pinned = (JSON.parse(read('package.json')) as { devDependencies: Record<string, string> })
      .devDependencies.stripe;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const files = readdirSync(path.join(root, 'supabase/functions'), {
      recursive: true,
      encoding: 'utf8',
    }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const imports = files.flatMap((f) =>
      [...read(`supabase/functions/${f}`).matchAll(/from 'npm:stripe@([^']+)'/g)].map((m) => m[1]),
    );
    expect(imports.length).toBeGreaterThan(0);
    expect(new Set(imports)).toEqual(new Set([pinned]));
    expect((Stripe as unknown as { API_VERSION: string }).API_VERSION).toBe(STRIPE_API_VERSION);
    expect(read('docs/deploying.md')).toContain(`API version ${STRIPE_API_VERSION}`);
  });

  it('knows a replayed answer by its Idempotent-Replayed header, from either HTTP client', () => {
    expect(wasReplayed({ lastResponse: { headers: new Headers({ 'Idempotent-Replayed': 'true' }) } })).toBe(
      true,
    );
    expect(wasReplayed({ lastResponse: { headers: { 'idempotent-replayed': 'true' } } })).toBe(true);
    expect(wasReplayed({ lastResponse: { headers: new Headers() } })).toBe(false);
    expect(wasReplayed({})).toBe(false);
  });
});

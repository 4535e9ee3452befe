// The lists README.md and docs/ keep of the tree (benches, features, edge functions, where an
// SQL function is defined) are what `npm run docs:lists` writes (scripts/docs-lists.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { definedIn, expectedDocs, LISTS, renderList, replaceList } from '../docs-lists.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('generated lists in the documents', () => {
  it('README.md and docs/ say what is in the tree', () => {
    const { docs, problems } = expectedDocs(root);
    expect(problems).toEqual([]);
    expect(docs.size).toBeGreaterThanOrEqual(3);
    const stale = [...docs].filter(([file, text]) => readFileSync(path.join(root, file), 'utf8') !== text);
    expect(stale.map(([file]) => `${file} differs from npm run docs:lists`)).toEqual([]);
  });

  it('a bench without words, or words for a bench that is gone, is a problem', () => {
    const benches = LISTS.find((l) => l.name === 'benches');
    if (!benches) throw new Error('no benches list');
    const items = [...Object.keys(benches.describe).filter((b) => b !== 'web-push'), 'new-one'].sort();
    expect(renderList(benches, items).problems).toEqual([
      'bench/new-one.bench.ts: not described in scripts/docs-lists.ts (BENCHES)',
      'scripts/docs-lists.ts (BENCHES) describes `web-push`, but bench/web-push.bench.ts does not exist',
    ]);
  });

  it('replaces only what is between its markers, keeping their indentation', () => {
    const doc = [
      'before',
      '  <!-- docs:list things (generated) -->',
      '  - old',
      '  <!-- /docs:list things -->',
      'after',
    ];
    expect(replaceList(doc.join('\n'), 'things', '  - a\n  - b')).toBe(
      [
        'before',
        '  <!-- docs:list things (generated) -->',
        '  - a',
        '  - b',
        '  <!-- /docs:list things -->',
        'after',
      ].join('\n'),
    );
    expect(replaceList('<!-- docs:list things -->\n<!-- /docs:list things -->', 'things', '- a')).toBe(
      '<!-- docs:list things -->\n- a\n<!-- /docs:list things -->',
    );
    expect(replaceList('no markers', 'things', '- a')).toBeNull();
  });

  it('names the one schema file that creates an SQL function', () => {
    const schemas = new Map([
      ['supabase/schemas/40_projects.sql', 'select public.complete_fix(1);'],
      ['supabase/schemas/42_fixes.sql', 'create or replace function public.complete_fix(\n  fix_id uuid'],
    ]);
    expect(definedIn(schemas, 'complete_fix')).toBe('supabase/schemas/42_fixes.sql');
    expect(definedIn(schemas, 'gone')).toEqual({ problem: 'public.gone is created in no schema file' });
  });
});

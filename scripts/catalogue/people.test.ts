// The people catalogue:create makes are the catalogue's models: the ids, slugs, names, genders
// and age ranges of the migration's rows, each described in words the Creator's prompt and the
// local renderer read, with a seed of its own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { personWords } from '../../supabase/functions/_shared/providers/person.ts';
import { knownModelSlugs } from '../../supabase/local/catalogue-art/index.ts';
import { ROOT } from './layout.ts';
import { CATALOGUE_PEOPLE } from './people.ts';

const MIGRATION = path.join(ROOT, 'supabase/migrations/20261122000200_reference_data.sql');

describe('the catalogue people', () => {
  it('are the rows of public.models, in order', () => {
    const sql = readFileSync(MIGRATION, 'utf8');
    const rows = [
      ...sql.matchAll(/^\s*\((\d+),\s*'(women|men)',\s*'([a-z]+)',\s*'([^']+)',\s*'([\d-]+)',/gm),
    ].map(([, id, gender, slug, name, age]) => ({ id: Number(id), gender, slug, name, age_range: age }));
    expect(rows).toHaveLength(15);
    expect(
      CATALOGUE_PEOPLE.map(({ id, gender, slug, name, age_range }) => ({
        id,
        gender,
        slug,
        name,
        age_range,
      })),
    ).toEqual(rows);
    expect(CATALOGUE_PEOPLE.map((p) => p.slug)).toEqual(knownModelSlugs());
  });

  it('each has its own seed and every field of a description', () => {
    expect(new Set(CATALOGUE_PEOPLE.map((p) => p.seed)).size).toBe(15);
    for (const p of CATALOGUE_PEOPLE) {
      for (const field of ['body', 'skin', 'hair', 'style'] as const)
        expect(p[field].trim(), `${p.slug} ${field}`).not.toBe('');
      expect(personWords(p)).toMatch(p.gender === 'men' ? /^a man aged / : /^a woman aged /);
      expect(personWords(p)).toMatch(/ skin/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { type CatalogueSources, catalogueArtHealth, modelPicturesNotPhotos } from './catalogue-art.ts';

const envOf =
  (vars: Record<string, string>) =>
  (name: string): string | undefined =>
    vars[name];
const fashn = {
  GENERATION_PROVIDER: 'fashn',
  FASHN_API_KEY: 'fa-1',
  CATALOGUE_BASE_URL: 'https://app.example/',
};

const SLUGS = ['sofia', 'nikos'];
function sources(source: (file: string) => 'drawn' | 'photo' | 'local-preview'): CatalogueSources {
  const files: CatalogueSources['files'] = {
    'backgrounds/beach.webp': 'drawn',
    'poses/women/front-view.webp': 'drawn',
  };
  for (const s of SLUGS) {
    for (const n of ['01', '02', '03']) files[`models/${s}/${n}.webp`] = source(`models/${s}/${n}.webp`);
    files[`models/${s}/04.webm`] = 'drawn';
  }
  return { files };
}

/** A fetch that serves one JSON body (or a status) and records what was asked. */
function serving(body: unknown, status = 200) {
  const asked: string[] = [];
  const fetchFn = async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify(body), { status });
  };
  return { asked, fetchFn };
}

describe('modelPicturesNotPhotos', () => {
  it('counts the three views of each model, not clips, poses or backgrounds', () => {
    expect(modelPicturesNotPhotos(sources(() => 'drawn'))).toMatchObject({ total: 6 });
    expect(modelPicturesNotPhotos(sources(() => 'drawn')).notPhotos).toHaveLength(6);
    expect(modelPicturesNotPhotos(sources(() => 'photo')).notPhotos).toEqual([]);
  });
});

describe('catalogueArtHealth', () => {
  it('with FASHN, fails on the drawn demo art, read where FASHN reads the pictures', async () => {
    const { asked, fetchFn } = serving(sources(() => 'drawn'));
    const check = await catalogueArtHealth(envOf(fashn), fetchFn);
    expect(asked).toEqual(['https://app.example/catalogue/sources.json']);
    expect(check).toMatchObject({ name: 'catalogue_art', ok: false });
    expect(check?.detail).toContain('6 of 6 model pictures are the drawn demo art (sofia, nikos)');
    expect(check?.detail).toContain('npm run catalogue:create');
  });

  it('passes once every model picture is a photo', async () => {
    const check = await catalogueArtHealth(envOf(fashn), serving(sources(() => 'photo')).fetchFn);
    expect(check).toEqual({ name: 'catalogue_art', ok: true, detail: 'all 6 model pictures are photos' });
  });

  it('names local previews and a catalogue half replaced', async () => {
    const some = sources((f) => (f.startsWith('models/sofia/') ? 'local-preview' : 'photo'));
    const check = await catalogueArtHealth(envOf(fashn), serving(some).fetchFn);
    expect(check).toMatchObject({ ok: false });
    expect(check?.detail).toContain('3 of 6 model pictures are the drawn demo art or local previews (sofia)');
  });

  it('fails when it cannot tell: no file, not JSON, no model pictures', async () => {
    const missing = await catalogueArtHealth(envOf(fashn), serving({}, 404).fetchFn);
    expect(missing).toMatchObject({ ok: false, detail: expect.stringContaining('answered 404') });
    const broken = await catalogueArtHealth(envOf(fashn), async () => new Response('<html>'));
    expect(broken).toMatchObject({ ok: false, detail: expect.stringContaining('could not be read') });
    const empty = await catalogueArtHealth(envOf(fashn), serving({ files: {} }).fetchFn);
    expect(empty).toMatchObject({ ok: false, detail: expect.stringContaining('lists no model pictures') });
  });

  it('is not asked with another provider', async () => {
    const { asked, fetchFn } = serving(sources(() => 'drawn'));
    expect(await catalogueArtHealth(envOf({}), fetchFn)).toBeNull();
    expect(await catalogueArtHealth(envOf({ GENERATION_PROVIDER: 'webhook' }), fetchFn)).toBeNull();
    expect(asked).toEqual([]);
  });
});

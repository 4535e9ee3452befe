// The catalogue can never ship broken: every media path the database hands the app (model
// cards and galleries, pose cards, backgrounds and their blurred variants, video-style
// previews and clips) is a file under public/, with the responsive sizes next to each image;
// and every catalogue row has its Greek name. Read through supabase-js as anonymous, as the
// app reads the catalogue.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../supabase/local/config.ts';
import { catalogueFileProblems, catalogueMedia, problems, rows } from '../../support/catalogue-files.ts';

const PUBLIC = path.join(ROOT, 'public');
const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;

describe('catalogue media in the database exist under public/', () => {
  it('models, model media, poses, backgrounds and video styles', async () => {
    const catalogue = await catalogueMedia();
    const { models, media, poses, backgrounds, styles } = catalogue;

    // the catalogue the spec promises (spec 2 §3): nothing silently empty
    expect(models).toHaveLength(15);
    expect(media).toHaveLength(60);
    expect(poses).toHaveLength(6);
    expect(backgrounds).toHaveLength(9);
    expect(styles).toHaveLength(5);

    const found = catalogueFileProblems(PUBLIC, catalogue);
    expect(found).toEqual([]);

    // only Original keeps the photo's background; every other one has both pictures
    for (const b of backgrounds) {
      expect(b.image_path === null, b.slug).toBe(b.keeps_original);
      expect(b.blurred_image_path === null, b.slug).toBe(b.keeps_original);
    }
    // clips are WebM (the browser plays the VP8 clips the project makes)
    for (const m of media.filter((x) => x.kind === 'video')) expect(m.path).toMatch(/\.webm$/);
    for (const s of styles) expect(s.preview_video_path).toMatch(/\.webm$/);
  });

  it('a missing file is reported (the check itself works)', () => {
    expect(problems(PUBLIC, '/catalogue/models/nobody/01.webp', 'x')).toEqual([
      'x: /catalogue/models/nobody/01.webp is missing',
    ]);
    expect(problems(PUBLIC, '/elsewhere/a.webp', 'x')).toHaveLength(1);
    expect(problems(PUBLIC, '/catalogue/../index.html', 'x')).toHaveLength(1);
  });
});

describe('catalogue names in Greek', () => {
  it('every model, pose and background has a Greek name', async () => {
    const models = await rows<{ slug: string; name_el: string }>('models', 'slug, name_el');
    const poses = await rows<{ slug: string; name_el: string; description_el: string }>(
      'poses',
      'slug, name_el, description_el',
    );
    const backgrounds = await rows<{ slug: string; name_el: string; type_el: string }>(
      'backgrounds',
      'slug, name_el, type_el',
    );
    const notGreek = [
      ...models.filter((m) => !GREEK.test(m.name_el)).map((m) => `models.${m.slug}`),
      ...poses
        .filter((p) => !GREEK.test(p.name_el) || !GREEK.test(p.description_el))
        .map((p) => `poses.${p.slug}`),
      ...backgrounds
        .filter((b) => !GREEK.test(b.name_el) || !GREEK.test(b.type_el))
        .map((b) => `backgrounds.${b.slug}`),
    ];
    expect(notGreek).toEqual([]);
    expect(backgrounds.find((b) => b.slug === 'santorini')?.name_el).toBe('Σαντορίνη');
    expect(models.find((m) => m.slug === 'nikos')?.name_el).toBe('Νίκος');
  });
});

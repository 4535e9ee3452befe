// The catalogue can never ship broken: every media path the database hands the app (model
// cards and galleries, pose cards, backgrounds and their blurred variants, video-style
// previews and clips) is a file under public/, with the responsive sizes next to each image;
// and every catalogue row has its Greek name. Read through supabase-js as anonymous, as the
// app reads the catalogue.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../supabase/local/config.ts';
import { anonClient } from '../../support/clients.ts';

const PUBLIC = path.join(ROOT, 'public');
const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;

async function rows<T>(table: string, columns: string): Promise<T[]> {
  const { data, error } = await anonClient().from(table).select(columns);
  if (error) throw new Error(`${table}: ${error.message}`);
  return (data ?? []) as T[];
}

/** Problems with one catalogue path: not under /catalogue/, missing, empty, or without sizes. */
function problems(p: string | null, where: string): string[] {
  if (p === null) return [];
  if (!p.startsWith('/catalogue/') || p.includes('..')) return [`${where}: ${p} is not a /catalogue/ path`];
  const file = path.join(PUBLIC, p);
  if (!existsSync(file)) return [`${where}: ${p} is missing`];
  if (statSync(file).size < 200) return [`${where}: ${p} is empty`];
  const out: string[] = [];
  if (p.endsWith('.webp')) {
    for (const w of [480, 768]) {
      const sized = p.replace(/\.webp$/, `.w${w}.webp`);
      if (!existsSync(path.join(PUBLIC, sized))) out.push(`${where}: ${sized} (responsive size) is missing`);
    }
  }
  return out;
}

describe('catalogue media in the database exist under public/', () => {
  it('models, model media, poses, backgrounds and video styles', async () => {
    const models = await rows<{ slug: string; image_path: string }>('models', 'slug, image_path');
    const media = await rows<{ model_id: number; position: number; kind: string; path: string }>(
      'model_media',
      'model_id, position, kind, path',
    );
    const poses = await rows<{ gender: string; slug: string; image_path: string }>(
      'poses',
      'gender, slug, image_path',
    );
    const backgrounds = await rows<{
      slug: string;
      image_path: string | null;
      blurred_image_path: string | null;
      keeps_original: boolean;
    }>('backgrounds', 'slug, image_path, blurred_image_path, keeps_original');
    const styles = await rows<{ id: string; preview_image_path: string; preview_video_path: string }>(
      'video_styles',
      'id, preview_image_path, preview_video_path',
    );

    // the catalogue the spec promises (spec 2 §3): nothing silently empty
    expect(models).toHaveLength(15);
    expect(media).toHaveLength(60);
    expect(poses).toHaveLength(6);
    expect(backgrounds).toHaveLength(9);
    expect(styles).toHaveLength(5);

    const found = [
      ...models.flatMap((m) => problems(m.image_path, `models.${m.slug}.image_path`)),
      ...media.flatMap((m) => problems(m.path, `model_media(${m.model_id},${m.position})`)),
      ...poses.flatMap((p) => problems(p.image_path, `poses.${p.gender}/${p.slug}`)),
      ...backgrounds.flatMap((b) => [
        ...problems(b.image_path, `backgrounds.${b.slug}.image_path`),
        ...problems(b.blurred_image_path, `backgrounds.${b.slug}.blurred_image_path`),
      ]),
      ...styles.flatMap((s) => [
        ...problems(s.preview_image_path, `video_styles.${s.id}.preview_image_path`),
        ...problems(s.preview_video_path, `video_styles.${s.id}.preview_video_path`),
      ]),
    ];
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
    expect(problems('/catalogue/models/nobody/01.webp', 'x')).toEqual([
      'x: /catalogue/models/nobody/01.webp is missing',
    ]);
    expect(problems('/elsewhere/a.webp', 'x')).toHaveLength(1);
    expect(problems('/catalogue/../index.html', 'x')).toHaveLength(1);
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

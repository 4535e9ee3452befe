// The catalogue's media as the database hands them to the app, and what is wrong with the files
// behind them in a public/ folder (the app's own, or one a test imported into): a path outside
// /catalogue/, a file missing or empty, an image without its responsive sizes. Read through
// supabase-js as anonymous, as the app reads the catalogue.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { anonClient } from './clients.ts';

export async function rows<T>(table: string, columns: string): Promise<T[]> {
  const { data, error } = await anonClient().from(table).select(columns);
  if (error) throw new Error(`${table}: ${error.message}`);
  return (data ?? []) as T[];
}

/** Problems with one catalogue path under publicDir: not under /catalogue/, missing, empty, or without sizes. */
export function problems(publicDir: string, p: string | null, where: string): string[] {
  if (p === null) return [];
  if (!p.startsWith('/catalogue/') || p.includes('..')) return [`${where}: ${p} is not a /catalogue/ path`];
  const file = path.join(publicDir, p);
  if (!existsSync(file)) return [`${where}: ${p} is missing`];
  if (statSync(file).size < 200) return [`${where}: ${p} is empty`];
  const out: string[] = [];
  if (p.endsWith('.webp')) {
    for (const w of [480, 768]) {
      const sized = p.replace(/\.webp$/, `.w${w}.webp`);
      if (!existsSync(path.join(publicDir, sized)))
        out.push(`${where}: ${sized} (responsive size) is missing`);
    }
  }
  return out;
}

export async function catalogueMedia() {
  return {
    models: await rows<{ slug: string; image_path: string }>('models', 'slug, image_path'),
    media: await rows<{ model_id: number; position: number; kind: string; path: string }>(
      'model_media',
      'model_id, position, kind, path',
    ),
    poses: await rows<{ gender: string; slug: string; image_path: string }>(
      'poses',
      'gender, slug, image_path',
    ),
    backgrounds: await rows<{
      slug: string;
      image_path: string | null;
      blurred_image_path: string | null;
      keeps_original: boolean;
    }>('backgrounds', 'slug, image_path, blurred_image_path, keeps_original'),
    styles: await rows<{ id: string; preview_image_path: string; preview_video_path: string }>(
      'video_styles',
      'id, preview_image_path, preview_video_path',
    ),
  };
}

/** Every problem with the files behind the catalogue's media paths, in publicDir. */
export function catalogueFileProblems(
  publicDir: string,
  { models, media, poses, backgrounds, styles }: Awaited<ReturnType<typeof catalogueMedia>>,
): string[] {
  const check = (p: string | null, where: string) => problems(publicDir, p, where);
  return [
    ...models.flatMap((m) => check(m.image_path, `models.${m.slug}.image_path`)),
    ...media.flatMap((m) => check(m.path, `model_media(${m.model_id},${m.position})`)),
    ...poses.flatMap((p) => check(p.image_path, `poses.${p.gender}/${p.slug}`)),
    ...backgrounds.flatMap((b) => [
      ...check(b.image_path, `backgrounds.${b.slug}.image_path`),
      ...check(b.blurred_image_path, `backgrounds.${b.slug}.blurred_image_path`),
    ]),
    ...styles.flatMap((s) => [
      ...check(s.preview_image_path, `video_styles.${s.id}.preview_image_path`),
      ...check(s.preview_video_path, `video_styles.${s.id}.preview_video_path`),
    ]),
  ];
}

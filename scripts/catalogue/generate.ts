// npm run catalogue:generate — renders the drawn demo catalogue into public/catalogue/:
//   models/<slug>/01-03.webp (front, back, side on the model's studio backdrop) + 04.webm,
//   poses/<gender>/<pose>.webp, backgrounds/<slug>.webp and <slug>-blurred.webp,
//   video-styles/<id>.webp and <id>.webm — each image with .w480/.w768 sizes.
// The art is drawn by supabase/local/catalogue-art (figures) and scripts/catalogue/scenes.
// `npm run catalogue:generate -- --only models,backgrounds` renders a part; `--no-clips` skips video.
// sources.json marks what it renders as `drawn` (scripts/catalogue/sources.ts).

import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { defaultFigureSlug, knownModelSlugs } from '../../supabase/local/catalogue-art/index.ts';
import { makeCameraClip } from '../../supabase/local/media/clip.ts';
import { compose, sceneSvg } from './compose.ts';
import {
  BACKGROUND_BLUR_SIGMA,
  BACKGROUND_SLUGS,
  CATALOGUE_DIR,
  CLIP_OPTIONS,
  GENDERS,
  POSE_SLUGS,
  VIDEO_STYLE_IDS,
  VIDEO_STYLE_MOVES,
  writeImageSet,
} from './layout.ts';
import { recordDrawn } from './sources.ts';
import { VIDEO_STYLE_PREVIEWS } from './video-styles.ts';

const POSE_CARD_TINT: [string, string] = ['#f1eeea', '#d9d3cb'];

interface Totals {
  files: number;
  bytes: number;
}

async function models(t: Totals, clips: boolean): Promise<void> {
  for (const slug of knownModelSlugs()) {
    const dir = path.join(CATALOGUE_DIR, 'models', slug);
    let first: Buffer | undefined;
    for (const [i, pose] of POSE_SLUGS.entries()) {
      const img = await compose({ backdrop: 'model', figure: slug, pose });
      first ??= img;
      t.bytes += await writeImageSet(img, path.join(dir, `0${i + 1}.webp`));
      t.files += 3;
    }
    if (clips && first) await writeClip(t, first, 'sway', path.join(dir, '04.webm'));
    process.stdout.write(`  model ${slug}\n`);
  }
}

async function poses(t: Totals): Promise<void> {
  for (const gender of GENDERS) {
    for (const pose of POSE_SLUGS) {
      const img = await compose({ backdrop: POSE_CARD_TINT, figure: defaultFigureSlug(gender), pose });
      t.bytes += await writeImageSet(img, path.join(CATALOGUE_DIR, 'poses', gender, `${pose}.webp`));
      t.files += 3;
    }
  }
  process.stdout.write('  poses\n');
}

async function backgrounds(t: Totals): Promise<void> {
  const dir = path.join(CATALOGUE_DIR, 'backgrounds');
  for (const slug of BACKGROUND_SLUGS) {
    const img = await sharp(Buffer.from(sceneSvg(slug)))
      .png()
      .toBuffer();
    t.bytes += await writeImageSet(img, path.join(dir, `${slug}.webp`));
    t.bytes += await writeImageSet(img, path.join(dir, `${slug}-blurred.webp`), {
      blur: BACKGROUND_BLUR_SIGMA,
    });
    t.files += 6;
    process.stdout.write(`  background ${slug}\n`);
  }
}

async function videoStyles(t: Totals, clips: boolean): Promise<void> {
  const dir = path.join(CATALOGUE_DIR, 'video-styles');
  for (const id of VIDEO_STYLE_IDS) {
    const img = await compose(VIDEO_STYLE_PREVIEWS[id]);
    t.bytes += await writeImageSet(img, path.join(dir, `${id}.webp`));
    t.files += 3;
    if (clips) await writeClip(t, img, VIDEO_STYLE_MOVES[id], path.join(dir, `${id}.webm`));
    process.stdout.write(`  video style ${id}\n`);
  }
}

async function writeClip(
  t: Totals,
  image: Buffer,
  move: Parameters<typeof makeCameraClip>[1],
  file: string,
): Promise<void> {
  const clip = await makeCameraClip(image, move, { ...CLIP_OPTIONS });
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, clip);
  t.bytes += clip.length;
  t.files += 1;
}

export async function generate(parts: readonly string[], clips: boolean): Promise<Totals> {
  const t: Totals = { files: 0, bytes: 0 };
  if (parts.includes('models')) await models(t, clips);
  if (parts.includes('poses')) await poses(t);
  if (parts.includes('backgrounds')) await backgrounds(t);
  if (parts.includes('video-styles')) await videoStyles(t, clips);
  // sources.json: these parts are the drawn demo art (the health check warns about it with FASHN)
  await recordDrawn(CATALOGUE_DIR, parts);
  return t;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const onlyAt = args.indexOf('--only');
  const all = ['models', 'poses', 'backgrounds', 'video-styles'];
  const parts = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',').filter((p) => all.includes(p)) : all;
  if (parts.length === 0) throw new Error(`--only takes a comma-separated list of: ${all.join(', ')}`);
  if (onlyAt < 0) await rm(CATALOGUE_DIR, { recursive: true, force: true });
  const started = Date.now();
  const t = await generate(parts, !args.includes('--no-clips'));
  console.log(
    `catalogue: ${t.files} files, ${(t.bytes / 1024 / 1024).toFixed(2)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${path.relative(process.cwd(), CATALOGUE_DIR)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}

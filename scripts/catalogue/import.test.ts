// catalogue:import on a tiny fixture folder made here: a full import writes every catalogue
// file at 1024 x 1536 with its sizes and makes what the folder leaves out (blurred backgrounds,
// clips); a broken folder is reported and changes nothing; --partial replaces only what it has.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownModelSlugs } from '../../supabase/local/catalogue-art/index.ts';
import { makeCameraClip } from '../../supabase/local/media/clip.ts';
import { catalogueEntries, formatReport, importCatalogue } from './import.ts';
import { BACKGROUND_SLUGS, GENDERS, POSE_SLUGS, VIDEO_STYLE_IDS } from './layout.ts';

let tmp: string;
const CLIP_MARK = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x86, 0x81, 0x01]);
/** A quick stand-in for the camera clip (the real one is tested in supabase/local/media). */
const quickClip = async () => CLIP_MARK;

/** A small photo-like picture: a coloured figure shape on a plain backdrop. */
async function photo(
  file: string,
  hue: number,
  w = 600,
  h = 900,
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="hsl(${hue},30%,85%)"/><rect x="${w * 0.4}" y="${h * 0.1}" width="${w * 0.2}" height="${h * 0.8}" rx="20" fill="hsl(${hue},60%,35%)"/><circle cx="${w * 0.5}" cy="${h * 0.5}" r="${w * 0.08}" fill="#fff"/></svg>`;
  await sharp(Buffer.from(svg))[format]().toFile(file);
}

/** The strongest edge in a picture (largest Laplacian response). */
async function edgeStrength(file: string): Promise<number> {
  const raw = await sharp(file)
    .greyscale()
    .convolve({ width: 3, height: 3, kernel: [0, -1, 0, -1, 4, -1, 0, -1, 0], offset: 128 })
    .raw()
    .toBuffer();
  let max = 0;
  for (const v of raw) max = Math.max(max, Math.abs(v - 128));
  return max;
}

async function fullFolder(dir: string): Promise<void> {
  let hue = 0;
  const next = () => {
    hue += 7;
    return hue;
  };
  for (const slug of knownModelSlugs())
    for (const n of ['01', '02', '03']) await photo(path.join(dir, 'models', slug, `${n}.jpg`), next());
  for (const g of GENDERS)
    for (const p of POSE_SLUGS) await photo(path.join(dir, 'poses', g, `${p}.png`), next(), 600, 900, 'png');
  for (const b of BACKGROUND_SLUGS)
    await photo(path.join(dir, 'backgrounds', `${b}.jpg`), next(), 1200, 1800);
  for (const v of VIDEO_STYLE_IDS) await photo(path.join(dir, 'video-styles', `${v}.jpg`), next());
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'catalogue-import-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('catalogue:import', () => {
  it('imports a complete folder: every catalogue file, 1024x1536 with sizes, blurred backgrounds and clips made', async () => {
    const src = path.join(tmp, 'full');
    const dest = path.join(tmp, 'catalogue-full');
    await fullFolder(src);
    // one background brings its own blurred variant, one model its own clip
    await photo(path.join(src, 'backgrounds', 'beach-blurred.jpg'), 200);
    await mkdir(path.join(src, 'models', 'sofia'), { recursive: true });
    await writeFile(
      path.join(src, 'models', 'sofia', '04.webm'),
      Buffer.concat([CLIP_MARK, Buffer.from('own clip')]),
    );

    const report = await importCatalogue(src, { dest, makeClip: quickClip });
    expect(report.errors).toEqual([]);
    expect(report.written).toBe(true);
    for (const e of catalogueEntries()) expect(existsSync(path.join(dest, e.dest)), e.dest).toBe(true);

    const card = await sharp(path.join(dest, 'models/maya/01.webp')).metadata();
    expect([card.format, card.width, card.height]).toEqual(['webp', 1024, 1536]);
    const small = await sharp(path.join(dest, 'models/maya/01.w480.webp')).metadata();
    expect([small.width, small.height]).toEqual([480, 720]);
    expect(existsSync(path.join(dest, 'poses/men/side-view.w768.webp'))).toBe(true);

    // the blurred variant is made when absent (and really blurred), used as given otherwise
    expect(report.made.map((m) => m.dest)).toContain('backgrounds/loft-blurred.webp');
    expect(report.made.map((m) => m.dest)).not.toContain('backgrounds/beach-blurred.webp');
    expect(await edgeStrength(path.join(dest, 'backgrounds/loft-blurred.webp'))).toBeLessThan(
      (await edgeStrength(path.join(dest, 'backgrounds/loft.webp'))) / 4,
    );

    // clips: the given one copied, the others made from the picture
    expect((await readFile(path.join(dest, 'models/sofia/04.webm'))).toString('latin1')).toContain(
      'own clip',
    );
    expect(await readFile(path.join(dest, 'models/nikos/04.webm'))).toEqual(CLIP_MARK);
    expect(await readFile(path.join(dest, 'video-styles/runway-walk.webm'))).toEqual(CLIP_MARK);

    // sources.json: every file is a photo now, the made ones too (the health check reads it)
    const { files } = JSON.parse(await readFile(path.join(dest, 'sources.json'), 'utf8'));
    expect(Object.keys(files).sort()).toEqual(
      catalogueEntries()
        .map((e) => e.dest)
        .sort(),
    );
    expect(new Set(Object.values(files))).toEqual(new Set(['photo']));
  }, 120_000);

  it('reports what is missing, wrong or unknown, and changes nothing', async () => {
    const src = path.join(tmp, 'broken');
    const dest = path.join(tmp, 'catalogue-kept');
    await mkdir(dest, { recursive: true });
    await writeFile(path.join(dest, 'marker.txt'), 'the catalogue before');
    await photo(path.join(src, 'models', 'sofia', '01.jpg'), 10);
    await photo(path.join(src, 'models', 'sofia', '01.png'), 10, 600, 900, 'png'); // two files for one picture
    await photo(path.join(src, 'models', 'sofia', '2.jpg'), 10); // a misnamed file
    await photo(path.join(src, 'backgrounds', 'beach.jpg'), 10, 200, 300); // too small
    await writeFile(path.join(src, 'backgrounds', 'loft.jpg'), 'not a picture');
    await writeFile(path.join(src, 'video-styles', 'casual.webm'), 'not a clip').catch(async () => {
      await mkdir(path.join(src, 'video-styles'), { recursive: true });
      await writeFile(path.join(src, 'video-styles', 'casual.webm'), 'not a clip');
    });

    const report = await importCatalogue(src, { dest, makeClip: quickClip });
    expect(report.written).toBe(false);
    expect(report.missing).toContain('models/sofia/02.jpg');
    expect(report.missing).toContain('poses/women/back-view.jpg');
    expect(report.missing).not.toContain('backgrounds/beach-blurred.jpg'); // optional: made when absent
    const text = report.errors.join('\n');
    expect(text).toContain('models/sofia/01: more than one file');
    expect(text).toContain('backgrounds/beach.jpg: 200x300 is too small');
    expect(text).toContain('backgrounds/loft.jpg: not a picture');
    expect(text).toContain('video-styles/casual.webm: not a WebM file');
    expect(text).toMatch(/required file\(s\) missing/);
    expect(report.warnings).toContain('models/sofia/2.jpg: not part of the catalogue layout, ignored');
    expect(formatReport(report, src, {})).toContain('Nothing was changed');
    expect(await readFile(path.join(dest, 'marker.txt'), 'utf8')).toBe('the catalogue before');
  });

  it('--partial replaces only what the folder has and keeps the rest', async () => {
    // start from the catalogue the first test imported
    const dest = path.join(tmp, 'catalogue-partial');
    await cp(path.join(tmp, 'catalogue-full'), dest, { recursive: true });
    const before = await readFile(path.join(dest, 'models/elena/01.webp'));
    const loftBlurBefore = await readFile(path.join(dest, 'backgrounds/loft-blurred.webp'));

    const part = path.join(tmp, 'partial');
    await photo(path.join(part, 'models', 'sofia', '01.jpg'), 300);
    await photo(path.join(part, 'backgrounds', 'beach.webp'), 120);
    const report = await importCatalogue(part, {
      dest,
      partial: true,
      makeClip: (img, move) => makeCameraClip(img, move, { width: 96, height: 144, seconds: 0.5, fps: 4 }),
    });
    expect(report.errors).toEqual([]);
    expect(report.provided.map((p) => p.dest).sort()).toEqual([
      'backgrounds/beach.webp',
      'models/sofia/01.webp',
    ]);
    // made from the new pictures: sofia's clip and the beach's blurred variant
    expect(report.made.map((m) => m.dest).sort()).toEqual([
      'backgrounds/beach-blurred.webp',
      'models/sofia/04.webm',
    ]);
    expect(report.kept).toContain('models/elena/01.webp');
    expect(await readFile(path.join(dest, 'models/elena/01.webp'))).toEqual(before);
    expect(await readFile(path.join(dest, 'backgrounds/loft-blurred.webp'))).toEqual(loftBlurBefore);
    // a real clip was made (WebM header)
    expect((await readFile(path.join(dest, 'models/sofia/04.webm'))).readUInt32BE(0)).toBe(0x1a45dfa3);
  }, 120_000);

  it('--check writes nothing', async () => {
    const src = path.join(tmp, 'full');
    const dest = path.join(tmp, 'catalogue-check');
    const report = await importCatalogue(src, { dest, check: true, makeClip: quickClip });
    expect(report.errors).toEqual([]);
    expect(report.written).toBe(false);
    expect(existsSync(dest)).toBe(false);
  });
});

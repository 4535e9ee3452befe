// sources.json says where each catalogue file came from: catalogue:generate's drawn art, an
// imported photo, or a picture of the local preview renderer (its PNG says so) imported as one.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_TEXT, withPngText } from '../../supabase/local/fashn/render/raster.ts';
import { importCatalogue } from './import.ts';
import { CATALOGUE_DIR } from './layout.ts';
import { readSources, recordDrawn, sourceOfPicture } from './sources.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'catalogue-sources-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

const picture = (format: 'png' | 'jpeg', hue = 20) =>
  sharp({ create: { width: 600, height: 900, channels: 3, background: `hsl(${hue},40%,60%)` } })
    [format]()
    .toBuffer();

async function touch(file: string, bytes: Buffer | string = 'x') {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
}

describe('sources.json', () => {
  it('catalogue:generate marks what it draws, its sizes aside, and keeps the other parts', async () => {
    const dir = path.join(tmp, 'drawn');
    for (const f of [
      'models/sofia/01.webp',
      'models/sofia/01.w480.webp',
      'models/sofia/04.webm',
      'poses/men/side-view.webp',
    ])
      await touch(path.join(dir, f));
    await recordDrawn(dir, ['models', 'poses']);
    expect((await readSources(dir)).files).toEqual({
      'models/sofia/01.webp': 'drawn',
      'models/sofia/04.webm': 'drawn',
      'poses/men/side-view.webp': 'drawn',
    });
    const written = JSON.parse(await readFile(path.join(dir, 'sources.json'), 'utf8'));
    expect(written).toEqual({ files: (await readSources(dir)).files });
  });

  it("tells the local preview renderer's PNG from a photo", async () => {
    expect(sourceOfPicture(withPngText(await picture('png'), PREVIEW_TEXT))).toBe('local-preview');
    expect(sourceOfPicture(await picture('png'))).toBe('photo');
    expect(sourceOfPicture(await picture('jpeg'))).toBe('photo');
  });

  it('catalogue:import --partial marks what it replaces (photo or local preview) and keeps the rest', async () => {
    // the drawn catalogue as it ships, with its sources.json
    const dest = path.join(tmp, 'catalogue');
    await cp(CATALOGUE_DIR, dest, { recursive: true });
    expect((await readSources(dest)).files['models/sofia/01.webp']).toBe('drawn');
    const folder = path.join(tmp, 'photos');
    await touch(
      path.join(folder, 'models/sofia/01.png'),
      withPngText(await picture('png', 200), PREVIEW_TEXT),
    );
    await touch(path.join(folder, 'models/nikos/01.jpg'), await picture('jpeg', 90));
    const quickClip = async () => Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]);
    const report = await importCatalogue(folder, { dest, partial: true, makeClip: quickClip });
    expect(report.errors).toEqual([]);
    const { files } = await readSources(dest);
    expect(files).toMatchObject({
      'models/sofia/01.webp': 'local-preview',
      // made from the new picture: follows it
      'models/sofia/04.webm': 'local-preview',
      'models/nikos/01.webp': 'photo',
      'models/nikos/04.webm': 'photo',
      // kept as they were
      'models/sofia/02.webp': 'drawn',
      'models/elena/01.webp': 'drawn',
      'backgrounds/beach.webp': 'drawn',
    });
    expect(Object.keys(files)).toHaveLength(92);
  });
});

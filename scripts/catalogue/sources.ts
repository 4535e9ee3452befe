// public/catalogue/sources.json: where each catalogue file came from — `drawn` (catalogue:generate),
// `photo` (catalogue:import), `local-preview` (an import of the local preview renderer's pictures,
// e.g. catalogue:create against /_dev/fashn). It ships with the app, so the health check reads it
// where providers read the pictures (supabase/functions/_shared/health/catalogue-art.ts).
// Only the main files are listed; the .w480/.w768 sizes follow their picture.
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CATALOGUE_SOURCES_FILE,
  type CatalogueSource,
  type CatalogueSources,
} from '../../supabase/functions/_shared/health/catalogue-art.ts';
import { RENDERER, readPngText } from '../../supabase/local/fashn/render/raster.ts';

export type { CatalogueSource, CatalogueSources };

export async function readSources(dir: string): Promise<CatalogueSources> {
  try {
    const parsed = JSON.parse(await readFile(path.join(dir, CATALOGUE_SOURCES_FILE), 'utf8'));
    return { files: { ...(parsed?.files ?? {}) } };
  } catch {
    return { files: {} };
  }
}

export async function writeSources(dir: string, sources: CatalogueSources): Promise<void> {
  const files = Object.fromEntries(Object.entries(sources.files).sort(([a], [b]) => a.localeCompare(b)));
  const file = path.join(dir, CATALOGUE_SOURCES_FILE);
  await writeFile(`${file}.tmp`, `${JSON.stringify({ files }, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}

const SIZED = /\.w\d+\.webp$/;

async function listMain(root: string, rel: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(path.join(root, rel), { withFileTypes: true }).catch(() => []);
  for (const d of entries) {
    if (d.name.startsWith('.')) continue;
    const r = `${rel}/${d.name}`;
    if (d.isDirectory()) out.push(...(await listMain(root, r)));
    else if (d.isFile() && !SIZED.test(d.name)) out.push(r);
  }
  return out;
}

/** Marks every file of the given top-level folders (models, poses, …) as drawn; the rest is kept. */
export async function recordDrawn(dir: string, parts: readonly string[]): Promise<CatalogueSources> {
  const sources = await readSources(dir);
  for (const file of Object.keys(sources.files))
    if (parts.includes(file.split('/')[0])) delete sources.files[file];
  for (const part of parts) for (const file of await listMain(dir, part)) sources.files[file] = 'drawn';
  await writeSources(dir, sources);
  return sources;
}

/** Where an imported picture came from: the local preview renderer marks its PNGs (tEXt). */
export function sourceOfPicture(bytes: Buffer): CatalogueSource {
  const isPng = bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47;
  return isPng && readPngText(bytes)['drape:renderer'] === RENDERER ? 'local-preview' : 'photo';
}

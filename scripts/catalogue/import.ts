// npm run catalogue:import <folder> [--partial] [--check] [--dest <catalogue folder>]
// Replaces the drawn demo catalogue in public/catalogue/ with real photos from a folder laid out
// as docs/catalogue.md describes — no code change:
//   models/<slug>/01|02|03.<img>     front, back (over the shoulder), side view   (required)
//   models/<slug>/04.webm|mp4        a short clip      (optional: made from 01 with a gentle sway)
//   poses/<gender>/<pose>.<img>      women|men, front-view|back-view|side-view     (required)
//   backgrounds/<slug>.<img>         the 8 preset backgrounds                      (required)
//   backgrounds/<slug>-blurred.<img> (optional: made by blurring the background)
//   video-styles/<id>.<img>          the preview still                             (required)
//   video-styles/<id>.webm|mp4       the preview clip  (optional: made from the still, camera move per style)
// <img> = jpg, jpeg, png, webp, avif or tif. Pictures become 1024 x 1536 WebP (cropped to 2:3
// around the subject when needed) with .w480/.w768 sizes. Nothing is written unless the whole
// folder checks out; --partial replaces only what the folder has and keeps the rest; --check
// only reports. sources.json records each file as a `photo` (or `local-preview`, a picture of the
// local preview renderer), so the health check can tell real pictures from the drawn demo art.

import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { knownModelSlugs } from '../../supabase/local/catalogue-art/index.ts';
import { type CameraMove, makeCameraClip } from '../../supabase/local/media/clip.ts';
import {
  BACKGROUND_BLUR_SIGMA,
  BACKGROUND_SLUGS,
  CATALOGUE_DIR,
  CLIP_OPTIONS,
  GENDERS,
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  POSE_SLUGS,
  VIDEO_STYLE_IDS,
  VIDEO_STYLE_MOVES,
  writeImageSet,
} from './layout.ts';
import { type CatalogueSources, readSources, sourceOfPicture, writeSources } from './sources.ts';

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'tif', 'tiff'] as const;
export const CLIP_EXTENSIONS = ['webm', 'mp4'] as const;

/** One file of the catalogue and where it comes from. */
interface Entry {
  /** the name in the source folder, without extension (models/sofia/01) */
  name: string;
  /** the file written under the catalogue (models/sofia/01.webp) */
  dest: string;
  kind: 'image' | 'clip';
  required: boolean;
  /** what stands in when the folder has no such file */
  fallback?: { blurOf: string } | { clipOf: string; move: CameraMove };
}

export function catalogueEntries(): Entry[] {
  const out: Entry[] = [];
  for (const slug of knownModelSlugs()) {
    for (const n of ['01', '02', '03'])
      out.push({
        name: `models/${slug}/${n}`,
        dest: `models/${slug}/${n}.webp`,
        kind: 'image',
        required: true,
      });
    out.push({
      name: `models/${slug}/04`,
      dest: `models/${slug}/04.webm`,
      kind: 'clip',
      required: false,
      fallback: { clipOf: `models/${slug}/01`, move: 'sway' },
    });
  }
  for (const g of GENDERS)
    for (const p of POSE_SLUGS)
      out.push({ name: `poses/${g}/${p}`, dest: `poses/${g}/${p}.webp`, kind: 'image', required: true });
  for (const b of BACKGROUND_SLUGS) {
    out.push({ name: `backgrounds/${b}`, dest: `backgrounds/${b}.webp`, kind: 'image', required: true });
    out.push({
      name: `backgrounds/${b}-blurred`,
      dest: `backgrounds/${b}-blurred.webp`,
      kind: 'image',
      required: false,
      fallback: { blurOf: `backgrounds/${b}` },
    });
  }
  for (const v of VIDEO_STYLE_IDS) {
    out.push({ name: `video-styles/${v}`, dest: `video-styles/${v}.webp`, kind: 'image', required: true });
    out.push({
      name: `video-styles/${v}`,
      dest: `video-styles/${v}.webm`,
      kind: 'clip',
      required: false,
      fallback: { clipOf: `video-styles/${v}`, move: VIDEO_STYLE_MOVES[v] },
    });
  }
  return out;
}

export interface ImportReport {
  /** files the folder provides, as source -> catalogue file */
  provided: { source: string; dest: string }[];
  /** catalogue files made from another one (a blurred background, a clip) */
  made: { dest: string; from: string }[];
  /** catalogue files kept as they are (--partial) */
  kept: string[];
  /** required files the folder lacks */
  missing: string[];
  /** problems that stop the import */
  errors: string[];
  /** things worth knowing that do not stop it */
  warnings: string[];
  written: boolean;
  bytes: number;
}

export interface ImportOptions {
  /** where the catalogue lives (public/catalogue) */
  dest?: string;
  partial?: boolean;
  /** only check and report */
  check?: boolean;
  /** how clips are made from a still (the real one by default; tests may pass a quicker one) */
  makeClip?: (image: Buffer, move: CameraMove) => Promise<Buffer>;
}

async function listFiles(root: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const d of await readdir(path.join(root, rel), { withFileTypes: true })) {
    if (d.name.startsWith('.')) continue;
    const r = rel ? `${rel}/${d.name}` : d.name;
    if (d.isDirectory()) out.push(...(await listFiles(root, r)));
    else if (d.isFile()) out.push(r);
  }
  return out;
}

const extOf = (f: string) => path.extname(f).slice(1).toLowerCase();
const stem = (f: string) => f.slice(0, f.length - path.extname(f).length);

async function hasFfmpeg(): Promise<boolean> {
  try {
    await promisify(execFile)('ffmpeg', ['-version']);
    return true;
  } catch {
    return false;
  }
}

const isWebm = (b: Buffer) => b.length > 4 && b.readUInt32BE(0) === 0x1a45dfa3;

export async function importCatalogue(folder: string, opts: ImportOptions = {}): Promise<ImportReport> {
  const dest = opts.dest ?? CATALOGUE_DIR;
  const report: ImportReport = {
    provided: [],
    made: [],
    kept: [],
    missing: [],
    errors: [],
    warnings: [],
    written: false,
    bytes: 0,
  };
  const root = path.resolve(folder);
  if (!(await stat(root).catch(() => null))?.isDirectory()) {
    report.errors.push(`${folder} is not a folder`);
    return report;
  }
  const files = await listFiles(root);
  const byStem = new Map<string, string[]>();
  for (const f of files) {
    const key = stem(f).toLowerCase();
    byStem.set(key, [...(byStem.get(key) ?? []), f]);
  }
  const used = new Set<string>();
  const entries = catalogueEntries();
  const sources = new Map<Entry, string>();
  const ffmpeg = { checked: false, ok: false };

  for (const e of entries) {
    const accepted: readonly string[] = e.kind === 'image' ? IMAGE_EXTENSIONS : CLIP_EXTENSIONS;
    const candidates = (byStem.get(e.name) ?? []).filter((f) => accepted.includes(extOf(f)));
    if (candidates.length > 1) {
      report.errors.push(`${e.name}: more than one file (${candidates.join(', ')}); keep one`);
      for (const f of candidates) used.add(f);
      continue;
    }
    const source = candidates[0];
    if (source) {
      used.add(source);
      sources.set(e, source);
      continue;
    }
    if (e.required) {
      const existing = await stat(path.join(dest, e.dest)).catch(() => null);
      if (opts.partial && existing) report.kept.push(e.dest);
      else report.missing.push(`${e.name}.${e.kind === 'image' ? 'jpg' : 'webm'}`);
    }
  }

  // check every provided file: pictures decode, clips are WebM (or MP4 with ffmpeg at hand)
  for (const [e, source] of sources) {
    const full = path.join(root, source);
    if (e.kind === 'image') {
      try {
        const m = await sharp(full).metadata();
        const w = m.autoOrient?.width ?? m.width ?? 0;
        const h = m.autoOrient?.height ?? m.height ?? 0;
        if (w < 480 || h < 720)
          report.errors.push(
            `${source}: ${w}x${h} is too small (at least 480x720; 1024x1536 or larger is best)`,
          );
        else if (w < IMAGE_WIDTH || h < IMAGE_HEIGHT)
          report.warnings.push(`${source}: ${w}x${h} will be enlarged to ${IMAGE_WIDTH}x${IMAGE_HEIGHT}`);
        const ratio = w / h / (IMAGE_WIDTH / IMAGE_HEIGHT);
        if (w && h && (ratio < 0.9 || ratio > 1.1))
          report.warnings.push(
            `${source}: not 2:3 (${w}x${h}); it will be cropped to 2:3 around the subject`,
          );
      } catch {
        report.errors.push(`${source}: not a picture this tool can read (${IMAGE_EXTENSIONS.join(', ')})`);
      }
    } else if (extOf(source) === 'webm') {
      const head = await readFile(full);
      if (!isWebm(head)) report.errors.push(`${source}: not a WebM file`);
    } else {
      if (!ffmpeg.checked) Object.assign(ffmpeg, { checked: true, ok: await hasFfmpeg() });
      if (!ffmpeg.ok) {
        report.errors.push(
          `${source}: MP4 needs ffmpeg to become WebM, and ffmpeg is not installed. Convert it (ffmpeg -i ${path.basename(source)} -c:v libvpx-vp9 -an ${stem(path.basename(source))}.webm) or remove it to have a clip made from the picture`,
        );
      }
    }
  }

  for (const f of files)
    if (!used.has(f)) report.warnings.push(`${f}: not part of the catalogue layout, ignored`);
  if (opts.partial && sources.size === 0)
    report.errors.push('the folder has none of the catalogue files (see docs/catalogue.md for the layout)');
  if (report.missing.length > 0) {
    report.errors.push(
      opts.partial
        ? `${report.missing.length} required file(s) missing, and the current catalogue has none to keep`
        : `${report.missing.length} required file(s) missing (or use --partial to replace only what the folder has)`,
    );
  }

  // plan what is made from what
  for (const e of entries) {
    if (sources.has(e) || !e.fallback) continue;
    const from = 'blurOf' in e.fallback ? e.fallback.blurOf : e.fallback.clipOf;
    const fromProvided = entries.some((x) => x.name === from && x.kind === 'image' && sources.has(x));
    // with --partial, a made file follows its picture: remade when the picture is new, kept otherwise
    if (opts.partial && !fromProvided) {
      if (await stat(path.join(dest, e.dest)).catch(() => null)) report.kept.push(e.dest);
      continue;
    }
    report.made.push({ dest: e.dest, from });
  }
  for (const [e, source] of sources) report.provided.push({ source, dest: e.dest });
  if (report.errors.length > 0 || opts.check) return report;

  // write everything into a staging folder next to the catalogue, then swap it in
  const staging = await mkdtemp(path.join(path.dirname(dest), `.${path.basename(dest)}-import-`));
  try {
    if (opts.partial && (await stat(dest).catch(() => null))) await cp(dest, staging, { recursive: true });
    // where each file came from (sources.json): what --partial keeps keeps its entry
    const origins: CatalogueSources = opts.partial ? await readSources(staging) : { files: {} };
    const pictures = new Map<string, Buffer>();
    for (const [e, source] of sources) {
      const full = path.join(root, source);
      origins.files[e.dest] = 'photo';
      if (e.kind === 'image') {
        const input = await readFile(full);
        pictures.set(e.name, input);
        origins.files[e.dest] = sourceOfPicture(input);
        report.bytes += await writeImageSet(input, path.join(staging, e.dest));
      } else {
        const clip = extOf(source) === 'webm' ? await readFile(full) : await transcode(full);
        await mkdir(path.dirname(path.join(staging, e.dest)), { recursive: true });
        await writeFile(path.join(staging, e.dest), clip);
        report.bytes += clip.length;
      }
    }
    const makeClip =
      opts.makeClip ?? ((img: Buffer, move: CameraMove) => makeCameraClip(img, move, { ...CLIP_OPTIONS }));
    for (const m of report.made) {
      const e = entries.find((x) => x.dest === m.dest) as Entry;
      const picture = pictures.get(m.from) as Buffer;
      const target = path.join(staging, m.dest);
      origins.files[m.dest] = sourceOfPicture(picture);
      if (e.fallback && 'blurOf' in e.fallback) {
        report.bytes += await writeImageSet(picture, target, { blur: BACKGROUND_BLUR_SIGMA });
      } else if (e.fallback && 'clipOf' in e.fallback) {
        // the clip moves over the picture as the catalogue shows it (cropped to 2:3)
        const still = await sharp(picture)
          .rotate()
          .resize(IMAGE_WIDTH, IMAGE_HEIGHT, { fit: 'cover', position: 'attention' })
          .png()
          .toBuffer();
        const clip = await makeClip(still, e.fallback.move);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, clip);
        report.bytes += clip.length;
      }
    }
    await writeSources(staging, origins);
    const old = `${staging}-old`;
    const hadCatalogue = !!(await stat(dest).catch(() => null));
    if (hadCatalogue) await rename(dest, old);
    await rename(staging, dest);
    if (hadCatalogue) await rm(old, { recursive: true, force: true });
    report.written = true;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return report;
}

async function transcode(file: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'catalogue-clip-'));
  try {
    const out = path.join(dir, 'clip.webm');
    const { width, height } = CLIP_OPTIONS;
    await promisify(execFile)('ffmpeg', [
      '-y',
      '-i',
      file,
      '-an',
      '-vf',
      `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height}`,
      '-c:v',
      'libvpx',
      '-b:v',
      '600k',
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function formatReport(r: ImportReport, folder: string, opts: ImportOptions): string {
  const lines: string[] = [];
  const list = (title: string, items: string[]) => {
    if (items.length === 0) return;
    lines.push(`${title}: ${items.length}`);
    for (const i of items) lines.push(`  ${i}`);
  };
  list(`Missing (any of ${IMAGE_EXTENSIONS.join(', ')} for pictures)`, r.missing);
  list('Errors', r.errors);
  list('Warnings', r.warnings);
  if (r.errors.length > 0) {
    lines.push(`Nothing was changed. The layout of ${folder} is described in docs/catalogue.md.`);
    return lines.join('\n');
  }
  lines.push(
    `From the folder: ${r.provided.length} file(s); made from them: ${r.made.length}${opts.partial ? `; kept: ${r.kept.length}` : ''}.`,
  );
  if (opts.check) lines.push('The folder checks out (--check: nothing written).');
  else
    lines.push(
      `Catalogue replaced: ${(r.bytes / 1024 / 1024).toFixed(2)} MB written to ${path.relative(process.cwd(), opts.dest ?? CATALOGUE_DIR)}.`,
    );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const destAt = args.indexOf('--dest');
  const dest = destAt >= 0 ? args[destAt + 1] : undefined;
  const folder = args.find((a, i) => !a.startsWith('--') && !(destAt >= 0 && i === destAt + 1));
  if (!folder || (destAt >= 0 && !dest)) {
    console.error(
      'usage: npm run catalogue:import -- <folder> [--partial] [--check] [--dest public/catalogue]   (layout: docs/catalogue.md)',
    );
    process.exitCode = 2;
    return;
  }
  const opts: ImportOptions = {
    partial: args.includes('--partial'),
    check: args.includes('--check'),
    ...(dest ? { dest: path.resolve(dest) } : {}),
  };
  const report = await importCatalogue(folder, opts);
  console.log(formatReport(report, folder, opts));
  if (report.errors.length > 0) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}

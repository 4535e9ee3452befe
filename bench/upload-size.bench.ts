// What a product photo costs to send and what it loses, in Node (no browser): realistic 12 MP
// phone photos (bench/support/phone-photos.ts) prepared as the app's worker does it
// (src/lib/photos: long edge brought down, JPEG quality ladder until the byte
// budget fits), here with sharp (libjpeg-turbo, 4:2:0, no optimised Huffman tables, as
// Chromium's canvas encoder; Lanczos for the canvas's high-quality resize), for each option:
//   bytes       the prepared photo's size (mean over the photos, and for 20 of them)
//   upload, result  PSNR / SSIM against today's photo (2048 px, quality 0.9) and of the local
//               preview renderer's result made from each (bench/support/upload-similarity.ts)
//   20 × 12 MP  seconds to send 20 such photos at the phone link's 750 kbps, bytes only
//
//   npx tsx bench/upload-size.bench.ts     BENCH_PHOTOS=4 (alternately knit and denim)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { machineLine } from './support/app-under-test.ts';
import { makePhonePhotos } from './support/phone-photos.ts';
import {
  canvasJpeg,
  referenceUpload,
  resized,
  type Similarity,
  similarityTo,
} from './support/upload-similarity.ts';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 4);
const LADDER = [90, 85, 80, 74, 68, 60];
const UPLINK_BYTES_PER_S = 750_000 / 8;

interface Option {
  label: string;
  longEdge: number;
  format: 'jpeg' | 'webp';
  /** a fixed quality, or the ladder's highest that fits `budget` */
  quality?: number;
  budget?: number;
}

const OPTIONS: Option[] = [
  { label: 'before: 2048, ladder ≤ 1.2 MB', longEdge: 2048, format: 'jpeg', budget: 1_200_000 },
  { label: '2048, ladder ≤ 400 kB', longEdge: 2048, format: 'jpeg', budget: 400_000 },
  { label: '2048, ladder ≤ 300 kB', longEdge: 2048, format: 'jpeg', budget: 300_000 },
  { label: 'now: 2048, ladder ≤ 250 kB', longEdge: 2048, format: 'jpeg', budget: 250_000 },
  { label: '2048, ladder ≤ 200 kB', longEdge: 2048, format: 'jpeg', budget: 200_000 },
  { label: '2048, q 0.85', longEdge: 2048, format: 'jpeg', quality: 85 },
  { label: '2048, q 0.80', longEdge: 2048, format: 'jpeg', quality: 80 },
  { label: '2048, q 0.74', longEdge: 2048, format: 'jpeg', quality: 74 },
  { label: '1536, q 0.90', longEdge: 1536, format: 'jpeg', quality: 90 },
  { label: '1536, q 0.85', longEdge: 1536, format: 'jpeg', quality: 85 },
  { label: '1536, ladder ≤ 250 kB', longEdge: 1536, format: 'jpeg', budget: 250_000 },
  { label: '2048, WebP q 0.80 (not sent)', longEdge: 2048, format: 'webp', quality: 80 },
];

const encode = (r: Awaited<ReturnType<typeof resized>>, format: Option['format'], q: number) =>
  format === 'jpeg'
    ? canvasJpeg(r.rgb, r.width, r.height, q)
    : sharp(r.rgb, { raw: { width: r.width, height: r.height, channels: 3 } })
        .webp({ quality: q })
        .toBuffer();

async function prepared(photo: Buffer, o: Option): Promise<{ bytes: Buffer; quality: number }> {
  const r = await resized(photo, o.longEdge);
  if (o.quality) return { bytes: await encode(r, o.format, o.quality), quality: o.quality };
  let out: Buffer | null = null;
  let quality = LADDER[0];
  for (const q of LADDER) {
    quality = q;
    out = await encode(r, o.format, q);
    if (out.length <= (o.budget ?? Number.POSITIVE_INFINITY)) break;
  }
  return { bytes: out ?? Buffer.alloc(0), quality };
}

console.log(machineLine());
const dir = mkdtempSync(path.join(os.tmpdir(), 'drape-upload-size-'));
try {
  const t0 = performance.now();
  const files = await makePhonePhotos(dir, PHOTOS);
  console.log(`${PHOTOS} phone photos made in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const rows = OPTIONS.map(() => ({ bytes: 0, qualities: [] as number[], up: [0, 0], res: [0, 0] }));
  for (const file of files) {
    const photo = readFileSync(file);
    const today = await referenceUpload(photo);
    const compare = await similarityTo(today);
    const seen = new Map<string, Similarity>();
    for (const [n, o] of OPTIONS.entries()) {
      const p = await prepared(photo, o);
      const key = `${o.longEdge}-${o.format}-${p.quality}`;
      let m = seen.get(key);
      if (!m) {
        m = await compare(p.bytes);
        seen.set(key, m);
      }
      const row = rows[n];
      row.bytes += p.bytes.length;
      row.qualities.push(p.quality);
      row.up = [row.up[0] + m.upload.psnr / PHOTOS, row.up[1] + m.upload.ssim / PHOTOS];
      row.res = [row.res[0] + m.result.psnr / PHOTOS, row.res[1] + m.result.ssim / PHOTOS];
    }
    console.log(`  ${path.basename(file)} (${(photo.length / 1e6).toFixed(1)} MB) measured`);
  }
  const db = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} dB` : '  ∞ dB ').padStart(8);
  console.log(
    `\n${'option'.padEnd(30)} ${'kB each'.padStart(8)} ${'qualities'.padEnd(22)} ${'upload PSNR / SSIM'.padEnd(20)} ${'result PSNR / SSIM'.padEnd(20)} 20 × 12 MP at 750 kbps`,
  );
  for (const [n, o] of OPTIONS.entries()) {
    const r = rows[n];
    const each = r.bytes / PHOTOS;
    console.log(
      `${o.label.padEnd(30)} ${(each / 1000).toFixed(0).padStart(8)} ${r.qualities.join(',').padEnd(22)} ${db(r.up[0])} / ${r.up[1].toFixed(4)}   ${db(r.res[0])} / ${r.res[1].toFixed(4)}   ${((20 * each) / 1e6).toFixed(1)} MB, ${((20 * each) / UPLINK_BYTES_PER_S).toFixed(0)} s`,
    );
  }
  console.log(machineLine());
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// Finished-project files for the app benches: a product photo and 1024×1536 PNG results (a
// catalogue scene with a figure drawn over it: real image content, not a flat colour).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT } from '../../supabase/local/config.ts';
import { productPhoto, type ProjectFiles } from '../../tests/e2e/projects/seed.ts';

/** Results as the engine stores them: a 1024×1536 PNG scene with a garment, and its watermarked copy. */
export async function benchResultFiles(): Promise<ProjectFiles> {
  const scene = readFileSync(path.join(ROOT, 'public/catalogue/backgrounds/santorini.webp'));
  const figure = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1536">
    <ellipse cx="512" cy="300" rx="90" ry="110" fill="#8d5a3b"/>
    <path d="M380 430 L460 400 Q512 440 564 400 L644 430 L700 620 L640 640 L630 600 L630 1000 L394 1000 L394 600 L384 640 L324 620 Z" fill="#c0392b"/>
    <circle cx="512" cy="560" r="40" fill="#f1c40f"/>
    <rect x="410" y="1000" width="90" height="420" fill="#d9d9d9"/><rect x="524" y="1000" width="90" height="420" fill="#cfcfcf"/></svg>`);
  const generated = await sharp(scene)
    .resize(1024, 1536, { fit: 'cover' })
    .composite([{ input: figure }])
    .png()
    .toBuffer();
  const rows = Array.from(
    { length: 12 },
    (_, i) => `<text x="-200" y="${i * 160}">DRAPE   DRAPE   DRAPE   DRAPE</text>`,
  ).join('');
  const mark =
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1536"><g fill="white" fill-opacity="0.4"
    font-size="90" font-family="sans-serif" transform="rotate(-30 512 768)">${rows}</g></svg>`);
  const watermarked = await sharp(generated)
    .composite([{ input: mark }])
    .png()
    .toBuffer();
  return { original: await productPhoto(), generated, watermarked };
}

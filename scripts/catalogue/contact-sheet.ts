// npm run catalogue:sheet [outDir] — contact sheets of the shipped catalogue for review:
//   cards.png     every model card, pose card, background (and its blurred variant) and video
//                 style preview at phone card size (230 px wide), labelled, in catalogue order;
//   full-<group>.png  the same pictures at full size (models three views each), one sheet per group.
// Reads public/catalogue/ as it is (drawn art or imported photos).

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { knownModelSlugs } from '../../supabase/local/catalogue-art/index.ts';
import {
  BACKGROUND_SLUGS,
  CATALOGUE_DIR,
  GENDERS,
  POSE_SLUGS,
  VIDEO_STYLE_IDS,
  sizedName,
} from './layout.ts';

const CARD_W = 230;
const CARD_H = 345;
const GAP = 16;

interface Item {
  file: string;
  label: string;
}

function groups(): Record<string, Item[]> {
  const c = (p: string) => path.join(CATALOGUE_DIR, p);
  return {
    models: knownModelSlugs().map((s) => ({ file: c(`models/${s}/01.webp`), label: s })),
    views: knownModelSlugs().flatMap((s) =>
      ['01', '02', '03'].map((n) => ({ file: c(`models/${s}/${n}.webp`), label: `${s} ${n}` })),
    ),
    poses: GENDERS.flatMap((g) =>
      POSE_SLUGS.map((p) => ({ file: c(`poses/${g}/${p}.webp`), label: `${g} ${p}` })),
    ),
    backgrounds: BACKGROUND_SLUGS.flatMap((b) => [
      { file: c(`backgrounds/${b}.webp`), label: b },
      { file: c(`backgrounds/${b}-blurred.webp`), label: `${b} blurred` },
    ]),
    'video-styles': VIDEO_STYLE_IDS.map((v) => ({ file: c(`video-styles/${v}.webp`), label: v })),
  };
}

const esc = (s: string) => s.replace(/[<>&]/g, '');

async function sheet(
  items: Item[],
  cols: number,
  w: number,
  h: number,
  out: string,
  useSmall: boolean,
): Promise<void> {
  const font = Math.max(14, Math.round(w / 16));
  const LABEL = font + 14;
  const rows = Math.ceil(items.length / cols);
  const width = cols * (w + GAP) + GAP;
  const height = rows * (h + LABEL + GAP) + GAP;
  const layers: OverlayOptions[] = [];
  for (const [i, item] of items.entries()) {
    const x = GAP + (i % cols) * (w + GAP);
    const y = GAP + Math.floor(i / cols) * (h + LABEL + GAP);
    const src = useSmall ? sizedName(item.file, 480) : item.file;
    // a card with rounded corners, as the app shows it
    const mask = Buffer.from(
      `<svg width="${w}" height="${h}"><rect width="${w}" height="${h}" rx="${Math.round(w / 18)}"/></svg>`,
    );
    const card = await sharp(src)
      .resize(w, h)
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
    layers.push({ input: card, left: x, top: y });
    const label = Buffer.from(
      `<svg width="${w}" height="${LABEL}"><text x="2" y="${LABEL - 8}" font-family="sans-serif" font-size="${font}" fill="#3a3632">${esc(item.label)}</text></svg>`,
    );
    layers.push({ input: label, left: x, top: y + h });
  }
  await sharp({ create: { width, height, channels: 4, background: '#faf8f5' } })
    .composite(layers)
    .png()
    .toFile(out);
}

async function main(): Promise<void> {
  const outDir = path.resolve(process.argv[2] ?? 'catalogue-sheets');
  await mkdir(outDir, { recursive: true });
  const g = groups();
  const cards = [...g.models, ...g.poses, ...g.backgrounds, ...g['video-styles']];
  await sheet(cards, 9, CARD_W, CARD_H, path.join(outDir, 'cards.png'), true);
  await sheet(g.views, 9, CARD_W, CARD_H, path.join(outDir, 'views.png'), true);
  await sheet(g.models.slice(0, 9), 9, 1024, 1536, path.join(outDir, 'full-women.png'), false);
  await sheet(g.models.slice(9), 6, 1024, 1536, path.join(outDir, 'full-men.png'), false);
  await sheet(g.poses, 6, 1024, 1536, path.join(outDir, 'full-poses.png'), false);
  await sheet(g.backgrounds, 8, 1024, 1536, path.join(outDir, 'full-backgrounds.png'), false);
  await sheet(g['video-styles'], 5, 1024, 1536, path.join(outDir, 'full-video-styles.png'), false);
  console.log(`contact sheets in ${outDir}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});

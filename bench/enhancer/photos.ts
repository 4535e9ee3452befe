// The enhancer bench's photos, all 1024×1536 and sharp: two product close-ups drawn here at
// twice the size and brought down (so their edges are crisp, not aliased) — a striped knit
// with a woven label and a denim twill with stitching and rivets, both with fabric grain — the
// wizard tests' linen shirt (a 1500×1875 JPEG, cropped, not resized), and two of the catalogue's
// pictures shipped in public/ (a model and a background scene).
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '../..');
const W = 1024;
const H = 1536;

export interface BenchPhoto {
  name: string;
  width: number;
  height: number;
  /** RGB, 8 bits, row after row */
  rgb: Buffer;
}

const grain = (seed: number, frequency: number, strength: number) =>
  `<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="3" seed="${seed}"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="table" tableValues="0 ${strength}"/></feComponentTransfer><feBlend in="SourceGraphic" mode="multiply"/></filter>`;

/** The striped knit, drawn at width × height (the 2:3 drawing fills it, cropped if need be). */
export function knitSvg(width = W * 2, height = H * 2): string {
  const stripes = Array.from(
    { length: 140 },
    (_, i) =>
      `<rect x="0" y="${i * 22}" width="2048" height="${i % 3 === 0 ? 10 : 5}" fill="#1f2d3d" opacity="0.7"/>`,
  ).join('');
  const body =
    'M520 380 L760 250 Q1024 420 1288 250 L1528 380 L1860 980 L1600 1090 L1520 900 L1520 2860 L528 2860 L528 900 L448 1090 L188 980 Z';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 2048 3072" preserveAspectRatio="xMidYMid slice">
    <defs>${grain(7, 0.45, 0.35)}<clipPath id="body"><path d="${body}"/></clipPath></defs>
    <rect width="2048" height="3072" fill="#eeeae4"/>
    <g filter="url(#grain)">
      <path d="${body}" fill="#c0392b"/>
      <g clip-path="url(#body)">${stripes}</g>
      <path d="M880 330 Q1024 440 1168 330" stroke="#7b241c" stroke-width="22" fill="none"/>
    </g>
    <rect x="904" y="520" width="240" height="96" rx="6" fill="#fbfaf7"/>
    <text x="1024" y="566" font-size="34" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#111">MERINO</text>
    <text x="1024" y="600" font-size="22" font-family="sans-serif" text-anchor="middle" fill="#333">100% wool · 40°C</text>
  </svg>`;
}

/** The denim twill, drawn at width × height (the 2:3 drawing fills it, cropped if need be). */
export function denimSvg(width = W * 2, height = H * 2): string {
  const twill = `<pattern id="twill" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(35)">
      <rect width="12" height="12" fill="#2e4a6b"/><rect width="5" height="12" fill="#4f6f94"/></pattern>`;
  const stitches = (y: number) =>
    `<line x1="260" y1="${y}" x2="1790" y2="${y}" stroke="#e0a84a" stroke-width="6" stroke-dasharray="22 12"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 2048 3072" preserveAspectRatio="xMidYMid slice">
    <defs>${twill}${grain(3, 0.6, 0.4)}</defs>
    <rect width="2048" height="3072" fill="#f2f0ec"/>
    <g filter="url(#grain)">
      <rect x="220" y="200" width="1608" height="2700" rx="40" fill="url(#twill)"/>
      ${stitches(420)}${stitches(446)}${stitches(1500)}${stitches(1526)}
      <path d="M420 700 Q700 1100 1020 700" stroke="#e0a84a" stroke-width="6" stroke-dasharray="22 12" fill="none"/>
    </g>
    ${[
      [480, 560],
      [1560, 560],
      [1020, 1200],
    ]
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="34" fill="#b08d57" stroke="#6e5630" stroke-width="8"/><circle cx="${x}" cy="${y}" r="10" fill="#6e5630"/>`,
      )
      .join('')}
    <rect x="1300" y="2300" width="360" height="150" fill="#8b5a2b"/>
    <text x="1480" y="2392" font-size="52" font-family="serif" font-weight="700" text-anchor="middle" fill="#f3e3c3">DRAPE</text>
  </svg>`;
}

const rgbOf = (image: Sharp) => image.removeAlpha().raw().toBuffer();

export async function benchPhotos(): Promise<BenchPhoto[]> {
  const drawn = async (svg: string) =>
    rgbOf(sharp(await sharp(Buffer.from(svg)).png().toBuffer()).resize(W, H, { kernel: 'lanczos3' }));
  const photos: Array<[string, Promise<Buffer>]> = [
    ['knit (drawn)', drawn(knitSvg())],
    ['denim (drawn)', drawn(denimSvg())],
    [
      'linen shirt (jpg)',
      rgbOf(
        sharp(path.join(ROOT, 'tests/fixtures/photos/flatlay-top.jpg')).extract({
          left: 238,
          top: 170,
          width: W,
          height: H,
        }),
      ),
    ],
    ['model zoe (webp)', rgbOf(sharp(path.join(ROOT, 'public/catalogue/models/zoe/01.webp')))],
    ['beach (webp)', rgbOf(sharp(path.join(ROOT, 'public/catalogue/backgrounds/beach.webp')))],
  ];
  return Promise.all(photos.map(async ([name, rgb]) => ({ name, width: W, height: H, rgb: await rgb })));
}

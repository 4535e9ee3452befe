import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cutout } from './cutout.ts';
import { classifyGarment } from './garment.ts';
import { cropRgba, decodeRgba, type Rgba } from './raster.ts';

async function rgba(svg: string, jpeg = true): Promise<Rgba> {
  const img = sharp(Buffer.from(svg));
  const bytes = jpeg ? await img.jpeg({ quality: 85 }).toBuffer() : await img.png().toBuffer();
  return decodeRgba(bytes);
}

const alphaAt = (img: Rgba, x: number, y: number) => img.data[(y * img.width + x) * 4 + 3];

const TEE =
  'M270 120 L330 100 Q400 150 470 100 L530 120 L690 220 L630 330 L560 290 L560 690 L240 690 L240 290 L170 330 L110 220 Z';

describe('cutout', () => {
  it('keys a garment off a plain background: transparent outside, opaque inside, box around it', async () => {
    const img = await rgba(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#ffffff"/><path d="${TEE}" fill="#c23b22"/></svg>`,
    );
    const cut = cutout(img);
    expect(cut.method).toBe('key');
    expect(alphaAt(cut.image, 5, 5)).toBe(0);
    expect(alphaAt(cut.image, 400, 500)).toBe(255);
    expect(alphaAt(cut.image, 150, 600)).toBe(0); // beside the body, under a sleeve
    // the tee spans 110..690 x 100..690
    expect(cut.box.x).toBeGreaterThanOrEqual(105);
    expect(cut.box.x).toBeLessThanOrEqual(114);
    expect(cut.box.x + cut.box.w).toBeGreaterThanOrEqual(686);
    expect(cut.box.y + cut.box.h).toBeGreaterThanOrEqual(686);
    expect(cut.box.y + cut.box.h).toBeLessThanOrEqual(695);
    expect(cut.coverage).toBeGreaterThan(0.3);
    expect(cut.coverage).toBeLessThan(0.5);
  });

  it('follows a studio gradient (dark bottom, light top) and keeps a white print inside a white shirt', async () => {
    const img = await rgba(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f1ec"/><stop offset="1" stop-color="#b9b0a4"/></linearGradient></defs>
      <rect width="600" height="900" fill="url(#g)"/>
      <rect x="150" y="150" width="300" height="600" fill="#33475b"/>
      <rect x="250" y="300" width="100" height="100" fill="#f4f1ec"/></svg>`);
    const cut = cutout(img);
    expect(alphaAt(cut.image, 20, 20)).toBe(0);
    expect(alphaAt(cut.image, 20, 880)).toBe(0);
    expect(alphaAt(cut.image, 580, 450)).toBe(0);
    expect(alphaAt(cut.image, 300, 350)).toBe(255); // the light print is not connected to the border
    expect(alphaAt(cut.image, 300, 700)).toBe(255);
  });

  it('uses the alpha a cut-out PNG already has', async () => {
    const img = await rgba(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><circle cx="200" cy="200" r="120" fill="#ffffff"/></svg>`,
      false,
    );
    const cut = cutout(img);
    expect(cut.method).toBe('alpha');
    expect(alphaAt(cut.image, 200, 200)).toBe(255);
    expect(alphaAt(cut.image, 10, 10)).toBe(0);
  });

  it('leaves soft, decontaminated edges (no white fringe on a dark garment)', async () => {
    const img = await rgba(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#ffffff"/><circle cx="200" cy="200" r="120" fill="#101010"/></svg>`,
      false,
    );
    const cut = cutout(img);
    let partial = 0,
      bright = 0;
    for (let i = 0; i < cut.image.data.length; i += 4) {
      const a = cut.image.data[i + 3];
      if (a > 0 && a < 255) {
        partial++;
        if (cut.image.data[i] > 120) bright++;
      }
    }
    expect(partial).toBeGreaterThan(100);
    expect(bright).toBeLessThan(partial * 0.1);
  });
});

describe('classifyGarment', () => {
  const shapes: Record<string, [string, number, number]> = {
    tee: [TEE, 800, 800],
    tank: [
      'M280 80 L320 80 L320 180 Q400 220 480 180 L480 80 L520 80 L540 250 L560 560 L240 560 L260 250 Z',
      800,
      640,
    ],
    trousers: ['M160 80 L440 80 L470 840 L330 840 L300 330 L270 840 L130 840 Z', 600, 900],
    shorts: ['M140 100 L460 100 L490 420 L320 420 L300 260 L280 420 L110 420 Z', 600, 520],
    skirt: ['M220 100 L380 100 L480 480 L120 480 Z', 600, 560],
    dress: ['M230 60 L370 60 L390 200 L360 380 L520 940 L80 940 L240 380 L210 200 Z', 600, 1000],
    jeans: ['M220 100 L580 100 L620 1300 L440 1300 L400 480 L360 1300 L180 1300 Z', 800, 1400],
    jumpsuit: [
      'M300 60 L340 60 L350 160 Q400 190 450 160 L460 60 L500 60 L520 300 L480 560 L520 1400 L420 1400 L400 760 L380 1400 L280 1400 L320 560 L280 300 Z',
      800,
      1460,
    ],
  };
  const expected: Record<string, string> = {
    tee: 'tops',
    tank: 'tops',
    trousers: 'bottoms',
    shorts: 'bottoms',
    skirt: 'bottoms',
    dress: 'one-pieces',
    jeans: 'bottoms',
    jumpsuit: 'one-pieces',
  };

  for (const [name, [d, w, h]] of Object.entries(shapes)) {
    it(`${name} → ${expected[name]}`, async () => {
      const img = await rgba(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#ffffff"/><path d="${d}" fill="#445566"/></svg>`,
      );
      const cut = cutout(img);
      expect(classifyGarment(cropRgba(cut.image, cut.box))).toBe(expected[name]);
    });
  }
});

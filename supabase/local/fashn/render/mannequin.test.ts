// The preview renderer lifts a garment off a mannequin: the worn garment is the photo's garment,
// and neither the mannequin's neck nor its stand (nor the bare form under a short top) is in it.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { catalogueFigure } from './figures.ts';
import { liftFromMannequin, mannequinGarment } from './mannequin.ts';
import { mannequinFromPrompt, renderProductToModel } from './product-to-model.ts';
import { decodeRgba, type Rgba } from './raster.ts';
import { studioBackdrop } from './scene.ts';

type Colour = [number, number, number];
const RED: Colour = [194, 59, 34];
const BLUE: Colour = [40, 70, 170];
// a realistic beige form with a dark metal pole; a teal form and a purple pole where the test
// looks for the mannequin in a render (no catalogue figure, skin or background has them)
const BEIGE: Colour = [216, 195, 165];
const METAL: Colour = [70, 70, 74];
const TEAL: Colour = [42, 157, 143];
const PURPLE: Colour = [123, 44, 191];

const hex = (c: Colour) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** A photo of a garment on a dress form: cap and neck above, a pole and a round base below. */
function mannequinPhoto(garment: string, form: Colour, pole: Colour): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900">
    <rect width="600" height="900" fill="#f3f1ee"/>
    <ellipse cx="300" cy="62" rx="34" ry="16" fill="${hex(pole)}"/>
    <rect x="272" y="66" width="56" height="110" fill="${hex(form)}"/>
    <path d="M190 170 Q300 130 410 170 L400 330 Q380 420 400 520 Q300 575 200 520 Q220 420 200 330 Z" fill="${hex(form)}"/>
    <rect x="292" y="540" width="16" height="290" fill="${hex(pole)}"/>
    <ellipse cx="300" cy="835" rx="110" ry="20" fill="${hex(pole)}"/>
    ${garment}
  </svg>`;
}

/** A tee over the shoulders to the waist, with short sleeves: x 150..450, y 150..420. */
const TEE = (c: Colour) =>
  `<path d="M230 160 Q300 190 370 160 L450 200 L425 265 L398 250 L398 420 L202 420 L202 250 L175 265 L150 200 Z" fill="${hex(c)}"/>`;
/** A strapless dress from the bust to below the knee: x 185..415, y 230..700. */
const DRESS = (c: Colour) =>
  `<path d="M200 230 L400 230 L392 360 L415 700 L185 700 L208 360 Z" fill="${hex(c)}"/>`;

async function photo(svg: string): Promise<{ bytes: Buffer; img: Rgba }> {
  const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  return { bytes, img: await decodeRgba(bytes) };
}

const dist = (a: ArrayLike<number>, i: number, c: Colour) =>
  Math.hypot(a[i] - c[0], a[i + 1] - c[1], a[i + 2] - c[2]);

/** Opaque pixels of an RGBA image by the colour they are nearest (within 45). */
function opaqueShares(img: Rgba, colours: Colour[]): { total: number; near: number[] } {
  const near = colours.map(() => 0);
  let total = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    if (img.data[i + 3] <= 200) continue;
    total++;
    colours.forEach((c, k) => {
      if (dist(img.data, i, c) < 45) near[k]++;
    });
  }
  return { total, near };
}

describe('the garment lifted off a mannequin', () => {
  it('a tee on a full form: the tee is kept, the neck, the bare hips, the pole and the base are not', async () => {
    const { img } = await photo(mannequinPhoto(TEE(RED), BEIGE, METAL));
    const lift = mannequinGarment(img);
    expect(lift).not.toBeNull();
    const { garment } = lift!;
    // the tee spans 300 × 270 (the sleeves to the hem); the whole subject was 600 × 790
    expect(garment.width).toBeGreaterThan(285);
    expect(garment.width).toBeLessThan(315);
    expect(garment.height).toBeGreaterThan(250);
    expect(garment.height).toBeLessThan(290);
    const shares = opaqueShares(garment, [RED, BEIGE, METAL]);
    expect(shares.near[0] / shares.total).toBeGreaterThan(0.95);
    expect(shares.near[1]).toBeLessThan(shares.total * 0.01);
    expect(shares.near[2]).toBeLessThan(10); // a stray JPEG edge pixel at most
    // the colours it took away: the form's beige and the pole's metal
    const found = (c: Colour) =>
      lift!.mannequinColours.some((m) => Math.hypot(m[0] - c[0], m[1] - c[1], m[2] - c[2]) < 25);
    expect([found(BEIGE), found(METAL)]).toEqual([true, true]);
  });

  it("the kept pixels are the photo's own: the garment is segmented, not redrawn", async () => {
    const { img } = await photo(mannequinPhoto(TEE(RED), BEIGE, METAL));
    const { garment } = mannequinGarment(img)!;
    // the middle of the garment is the photo's pixel at the middle of the tee (300, 330)
    const g = ((garment.height >> 1) * garment.width + (garment.width >> 1)) * 4;
    const p = (330 * img.width + 300) * 4;
    expect(dist(garment.data, g, [img.data[p], img.data[p + 1], img.data[p + 2]])).toBeLessThan(12);
  });

  it('a strapless dress: the bare shoulders and neck above it and the pole below are taken away', async () => {
    const { img } = await photo(mannequinPhoto(DRESS(BLUE), BEIGE, METAL));
    const { garment } = mannequinGarment(img)!;
    expect(garment.height).toBeGreaterThan(455);
    expect(garment.height).toBeLessThan(485);
    const shares = opaqueShares(garment, [BLUE, BEIGE, METAL]);
    expect(shares.near[0] / shares.total).toBeGreaterThan(0.95);
    expect(shares.near[1]).toBeLessThan(shares.total * 0.01);
    expect(shares.near[2]).toBeLessThan(10); // a stray JPEG edge pixel at most
  });

  it('a garment the colour of its form keeps its body: only the neck and the stand go', async () => {
    const { img } = await photo(mannequinPhoto(DRESS(BEIGE), BEIGE, METAL));
    const { garment } = mannequinGarment(img)!;
    // the form's beige cannot be told from the dress's: the rows decide, the dress is not eaten
    expect(garment.height).toBeGreaterThan(455);
    expect(opaqueShares(garment, [METAL]).near[0]).toBeLessThan(10);
  });

  it('a grainy photo (the e2e fixture): a green blouse on a beige form with a dark cap and a walnut pole', async () => {
    const bytes = await readFile(
      new URL('../../../../tests/fixtures/photos/mannequin-blouse.jpg', import.meta.url),
    );
    const { garment } = mannequinGarment(await decodeRgba(bytes, 768))!;
    const GREEN: Colour = [47, 107, 79];
    const shares = opaqueShares(garment, [GREEN, [217, 196, 163], [74, 58, 44], [31, 31, 34]]);
    expect(shares.near[0] / shares.total).toBeGreaterThan(0.9);
    expect(shares.near[1]).toBeLessThan(shares.total * 0.02); // the form
    expect(shares.near[2] + shares.near[3]).toBeLessThan(shares.total * 0.01); // the pole, the cap
  });

  it('a photo with no mannequin is left as it is', () => {
    const data = Buffer.alloc(100 * 120 * 4);
    for (let i = 0; i < data.length; i += 4) data.set([200, 30, 30, 255], i);
    const lift = liftFromMannequin({ data, width: 100, height: 120 });
    expect(lift).toMatchObject({ removed: 0, mannequinColours: [] });
    expect([lift.garment.width, lift.garment.height]).toEqual([100, 120]);
  });
});

describe('product-to-model with a mannequin photo', () => {
  const prompt = (where: string) =>
    `wearing the top (upper-body garment) from the ${where}; background: studio`;
  const MANNEQUIN = prompt(
    'product photo, where it is shown on a mannequin (the mannequin and its stand are not worn)',
  );

  it("reads Drape's words, never the seller's", () => {
    expect(mannequinFromPrompt(MANNEQUIN)).toBe(true);
    expect(mannequinFromPrompt(prompt('flat-lay product photo'))).toBe(false);
    expect(
      mannequinFromPrompt(
        `background: studio; the model, as the seller describes them: "posing on a mannequin"`,
      ),
    ).toBe(false);
  });

  it('the chosen figure wears the garment from the photo, and the mannequin is nowhere in the picture', async () => {
    const { bytes } = await photo(mannequinPhoto(TEE(RED), TEAL, PURPLE));
    const figure = await catalogueFigure('sofia', 'front-view');
    const background = await studioBackdrop();
    const render = (p: string) =>
      renderProductToModel({
        figure,
        product: bytes,
        prompt: p,
        background,
        customDescription: null,
        resolution: '1k',
      });
    const lifted = await render(MANNEQUIN);
    // the same photo read as a flat-lay (no lift) wears the form and the pole too
    const unlifted = await render(prompt('flat-lay product photo'));
    const count = async (png: Buffer) => {
      const raw = await sharp(png).removeAlpha().raw().toBuffer();
      const n = [0, 0, 0];
      for (let i = 0; i < raw.length; i += 3) {
        if (dist(raw, i, RED) < 60) n[0]++;
        if (dist(raw, i, TEAL) < 40) n[1]++;
        if (dist(raw, i, PURPLE) < 40) n[2]++;
      }
      return n;
    };
    const [red, teal, purple] = await count(lifted.png);
    const [, tealBefore, purpleBefore] = await count(unlifted.png);
    expect([lifted.width, lifted.height]).toEqual([1024, 1536]);
    expect(red).toBeGreaterThan(20_000); // the tee, worn
    expect(teal).toBeLessThan(200);
    expect(purple).toBeLessThan(50);
    expect(tealBefore).toBeGreaterThan(5_000);
    expect(purpleBefore).toBeGreaterThan(500);
  }, 60_000);
});

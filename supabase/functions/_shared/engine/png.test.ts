import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePng, encodePng, isPng, pngSize } from './png.ts';
import { applyWatermark } from './watermark.ts';

/** A 40×30 test card: a horizontal gradient, a vertical one and a diagonal alpha ramp. */
function testCard(width = 40, height = 30, alpha = true) {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      data[o] = Math.round((x / (width - 1)) * 255);
      data[o + 1] = Math.round((y / (height - 1)) * 255);
      data[o + 2] = (x * 7 + y * 13) % 256;
      data[o + 3] = alpha ? 255 - ((x + y) % 200) : 255;
    }
  }
  return { width, height, data };
}

describe('PNG codec', () => {
  it('decodes what sharp writes: RGBA, RGB, grey and palette images', async () => {
    const card = testCard();
    const raw = { raw: { width: card.width, height: card.height, channels: 4 as const } };
    const rgba = await sharp(card.data, raw).png().toBuffer();
    const decoded = await decodePng(rgba);
    expect(decoded.width).toBe(40);
    expect(Buffer.from(decoded.data).equals(card.data)).toBe(true);

    const rgb = await decodePng(await sharp(card.data, raw).removeAlpha().png().toBuffer());
    expect(rgb.data[4 * 5]).toBe(card.data[4 * 5]);
    expect(rgb.data[3]).toBe(255);

    const grey = await decodePng(await sharp(card.data, raw).removeAlpha().greyscale().png().toBuffer());
    expect(grey.data[0]).toBe(grey.data[1]);

    const paletted = await sharp(card.data, raw).png({ palette: true, colours: 16 }).toBuffer();
    const p = await decodePng(paletted);
    const reference = await sharp(paletted).ensureAlpha().raw().toBuffer();
    expect(Buffer.from(p.data).equals(reference)).toBe(true);
  });

  it('encodes PNGs sharp reads back pixel for pixel, with text chunks', async () => {
    const card = testCard(64, 48);
    const png = await encodePng(
      { width: 64, height: 48, data: new Uint8Array(card.data) },
      { Software: 'drape' },
    );
    expect(isPng(png)).toBe(true);
    expect(pngSize(png)).toEqual({ width: 64, height: 48 });
    const back = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(back.info).toMatchObject({ width: 64, height: 48, channels: 4 });
    expect(back.data.equals(card.data)).toBe(true);
    expect((await decodePng(png)).data).toEqual(new Uint8Array(card.data));
  });

  it('refuses what is not a PNG', async () => {
    await expect(decodePng(new TextEncoder().encode('GIF89a...'))).rejects.toThrow(/not a PNG/);
    expect(pngSize(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});

describe('watermark', () => {
  it('marks a good share of the image at 40 % opacity and keeps its size', () => {
    const width = 512;
    const height = 768;
    const data = new Uint8Array(width * height * 4);
    for (let i = 0; i < data.length; i += 4) {
      data[i] = 100;
      data[i + 1] = 120;
      data[i + 2] = 140;
      data[i + 3] = 255;
    }
    const marked = applyWatermark({ width, height, data });
    expect(marked.width).toBe(width);
    let ink = 0;
    let edge = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] > 100) {
        ink++;
        // 100 + (255 - 100) * 0.4 = 162
        expect(data[i]).toBe(162);
      } else if (data[i] < 100) {
        edge++;
      }
    }
    const share = (ink + edge) / (width * height);
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.5);
    expect(ink).toBeGreaterThan(edge / 4);
  });
});

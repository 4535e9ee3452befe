// The HEIC path: a real HEVC-coded HEIF (made by heif-enc) decoded by libheif, as the HEIC
// worker does in a browser that cannot read HEIC itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeHeic } from '../heic.ts';

const fixture = path.resolve(import.meta.dirname, '../../../../tests/fixtures/photos/shirt.heic');

// libheif in WebAssembly: seconds on a busy shared machine
describe('decodeHeic', { timeout: 60_000 }, () => {
  it('gives the primary image as RGBA pixels', async () => {
    const pixels = await decodeHeic(new Uint8Array(readFileSync(fixture)));
    expect(pixels).toMatchObject({ width: 1200, height: 1500, hasAlpha: false });
    expect(pixels.data.length).toBe(1200 * 1500 * 4);
    // the backdrop near the top-left corner is light, the shirt in the middle is terracotta
    const at = (x: number, y: number) =>
      Array.from(pixels.data.subarray((y * 1200 + x) * 4, (y * 1200 + x) * 4 + 4));
    const [r, g, b, a] = at(20, 20);
    expect(a).toBe(255);
    expect(Math.min(r, g, b)).toBeGreaterThan(200);
    const [sr, sg, sb] = at(450, 900);
    expect(sr).toBeGreaterThan(sg + 20);
    expect(sr).toBeGreaterThan(sb + 20);
  });

  it('refuses a file that is not a readable HEIF', async () => {
    const bytes = new Uint8Array(readFileSync(fixture));
    await expect(decodeHeic(bytes.subarray(0, 3000))).rejects.toMatchObject({ problem: 'unreadable' });
  });
});

// The photo checks made before decoding: real kind, pixel size from the header, whole file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readSize } from '../header.ts';
import { inspectBytes } from '../inspect.ts';
import { isComplete } from '../integrity.ts';
import { MAX_INPUT_BYTES } from '../limits.ts';
import { sniffKind } from '../sniff.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../tests/fixtures/photos');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(fixtures, name)));

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#a9824a' } });
const jpeg = async (w: number, h: number) => new Uint8Array(await solid(w, h).jpeg().toBuffer());
const png = async (w: number, h: number) => new Uint8Array(await solid(w, h).png().toBuffer());
const webp = async (w: number, h: number, lossless = false) =>
  new Uint8Array(await solid(w, h).webp({ lossless }).toBuffer());

/** A PNG signature and IHDR claiming width x height, and nothing else. */
function pngHeader(width: number, height: number): Uint8Array {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const v = new DataView(b.buffer);
  v.setUint32(16, width);
  v.setUint32(20, height);
  b.set([8, 6, 0, 0, 0], 24);
  return b;
}

describe('sniffKind', () => {
  it('knows JPEG, PNG, WebP and HEIC by their bytes', async () => {
    expect(sniffKind(await jpeg(10, 10))).toBe('jpeg');
    expect(sniffKind(await png(10, 10))).toBe('png');
    expect(sniffKind(await webp(10, 10))).toBe('webp');
    expect(sniffKind(fixture('shirt.heic'))).toBe('heic');
  });

  it('refuses what Drape does not take: text, PDF, GIF, AVIF', async () => {
    expect(sniffKind(new TextEncoder().encode('just some words, not a photo at all'))).toBeNull();
    expect(sniffKind(new TextEncoder().encode('%PDF-1.7\n%....'))).toBeNull();
    expect(sniffKind(new Uint8Array(await solid(10, 10).gif().toBuffer()))).toBeNull();
    expect(sniffKind(new Uint8Array(await solid(16, 16).avif().toBuffer()))).toBeNull();
  });
});

describe('readSize', () => {
  it('reads width and height from each header', async () => {
    expect(readSize('jpeg', await jpeg(640, 480))).toEqual({ width: 640, height: 480 });
    expect(readSize('png', await png(33, 77))).toEqual({ width: 33, height: 77 });
    expect(readSize('webp', await webp(301, 199))).toEqual({ width: 301, height: 199 });
    expect(readSize('webp', await webp(123, 45, true))).toEqual({ width: 123, height: 45 });
    const withAlpha = new Uint8Array(
      await sharp({
        create: { width: 50, height: 60, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
      })
        .webp()
        .toBuffer(),
    );
    expect(readSize('webp', withAlpha)).toEqual({ width: 50, height: 60 });
    expect(readSize('heic', fixture('shirt.heic'))).toEqual({ width: 1200, height: 1500 });
  });

  it('reads the stored size of a photo saved sideways (orientation is applied when decoding)', () => {
    expect(readSize('jpeg', fixture('shirt-exif-rotated.jpg'))).toEqual({ width: 2000, height: 1600 });
  });
});

describe('isComplete', () => {
  it('accepts whole files and refuses files cut short', async () => {
    for (const [kind, bytes] of [
      ['jpeg', await jpeg(300, 200)],
      ['png', await png(300, 200)],
      ['webp', await webp(300, 200)],
      ['heic', fixture('shirt.heic')],
    ] as const) {
      expect(isComplete(kind, bytes), kind).toBe(true);
      expect(isComplete(kind, bytes.subarray(0, Math.floor(bytes.length * 0.6))), `${kind} cut`).toBe(false);
    }
  });

  it('accepts a JPEG with data after its end (a phone motion photo) and a real camera-style file', async () => {
    const photo = await jpeg(200, 100);
    const withTrailer = new Uint8Array(photo.length + 5000);
    withTrailer.set(photo);
    withTrailer.set(new TextEncoder().encode('ftypmp42 video bytes follow'), photo.length);
    expect(isComplete('jpeg', withTrailer)).toBe(true);
    expect(isComplete('jpeg', fixture('shirt-exif-rotated.jpg'))).toBe(true);
  });
});

describe('inspectBytes', () => {
  it('passes a good photo with its kind and size', () => {
    expect(inspectBytes(fixture('flatlay-top.jpg'))).toEqual({
      ok: true,
      kind: 'jpeg',
      size: { width: 1500, height: 1875 },
    });
    expect(inspectBytes(fixture('shirt.heic'))).toEqual({
      ok: true,
      kind: 'heic',
      size: { width: 1200, height: 1500 },
    });
  });

  it('names the problem of each bad file', async () => {
    expect(inspectBytes(new TextEncoder().encode('hello, this is a text file renamed to photo.jpg'))).toEqual(
      { ok: false, problem: 'not-image' },
    );
    const cut = fixture('flatlay-top.jpg');
    expect(inspectBytes(cut.subarray(0, cut.length - 20_000))).toMatchObject({
      ok: false,
      problem: 'truncated',
    });
    expect(inspectBytes(pngHeader(20_000, 20_000))).toEqual({
      ok: false,
      problem: 'too-many-pixels',
      size: { width: 20_000, height: 20_000 },
    });
    expect(inspectBytes(pngHeader(17_000, 100))).toMatchObject({ ok: false, problem: 'too-many-pixels' });
    expect(inspectBytes(new Uint8Array(MAX_INPUT_BYTES + 1))).toEqual({
      ok: false,
      problem: 'file-too-large',
    });
    // a header alone (no image data) is cut short
    expect(inspectBytes(pngHeader(800, 600))).toMatchObject({ ok: false, problem: 'truncated' });
  });

  it('lets a 48 MP phone photo through (8064 x 6048)', () => {
    const header = pngHeader(8064, 6048);
    const whole = new Uint8Array(header.length + 12);
    whole.set(header);
    whole.set([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82], header.length);
    expect(inspectBytes(whole)).toEqual({ ok: true, kind: 'png', size: { width: 8064, height: 6048 } });
  });
});

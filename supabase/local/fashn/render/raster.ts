// Raw pixel buffers the renderer passes between its steps (decoded once, encoded once at
// the end), and the PNG writer that marks every output as a preview render.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** 8-bit RGBA, row-major, straight (not premultiplied) alpha. */
export interface Rgba {
  data: Buffer;
  width: number;
  height: number;
}

/** 8-bit RGB, row-major. */
export interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const OUTPUT_WIDTH = 1024;
export const OUTPUT_HEIGHT = 1536;

export const RENDERER = 'drape-local-preview';
export const RENDERER_NOTE = 'preview renderer, not a generative model';

/** Decodes any image sharp reads (auto-rotated by EXIF) to RGBA, optionally fitted inside maxSide. */
export async function decodeRgba(bytes: Buffer, maxSide?: number): Promise<Rgba> {
  let img = sharp(bytes, { failOn: 'error', limitInputPixels: 64_000_000 }).rotate();
  if (maxSide) img = img.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Decodes and covers (centre crop) to exactly width x height, RGB. */
export async function decodeCoverRgb(
  bytes: Buffer,
  width: number,
  height: number,
  blurSigma = 0,
): Promise<Rgb> {
  let img = sharp(bytes, { failOn: 'error', limitInputPixels: 64_000_000 })
    .rotate()
    .resize(width, height, { fit: 'cover' });
  if (blurSigma > 0) img = img.blur(blurSigma);
  const data = await img.flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer();
  return { data, width, height };
}

export function cropRgba(img: Rgba, box: Box): Rgba {
  const out = Buffer.alloc(box.w * box.h * 4);
  for (let y = 0; y < box.h; y++) {
    const src = ((box.y + y) * img.width + box.x) * 4;
    img.data.copy(out, y * box.w * 4, src, src + box.w * 4);
  }
  return { data: out, width: box.w, height: box.h };
}

export async function resizeRgba(img: Rgba, width: number, height: number): Promise<Rgba> {
  // premultiplied by sharp internally for RGBA resizes, so edges do not pick up dark fringes
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  return { data, width, height };
}

/** Gaussian blur of one 8-bit plane (an alpha mask) by sharp. */
export async function blurPlane(
  plane: Uint8Array | Buffer,
  width: number,
  height: number,
  sigma: number,
): Promise<Buffer> {
  return sharp(Buffer.from(plane.buffer, plane.byteOffset, plane.byteLength), {
    raw: { width, height, channels: 1 },
  })
    .blur(Math.max(0.3, sigma))
    .raw()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** tEXt chunks right after IHDR: where the renderer and its note travel with the file. */
export function withPngText(png: Buffer, text: Record<string, string>): Buffer {
  const ihdrEnd = 8 + 8 + png.readUInt32BE(8) + 4;
  const chunks = Object.entries(text).map(([k, v]) => pngChunk('tEXt', Buffer.from(`${k}\0${v}`, 'latin1')));
  return Buffer.concat([png.subarray(0, ihdrEnd), ...chunks, png.subarray(ihdrEnd)]);
}

/** Reads tEXt chunks back (tests, tools). */
export function readPngText(png: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let pos = 8;
  while (pos + 8 <= png.length) {
    const len = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    if (type === 'tEXt') {
      const body = png.subarray(pos + 8, pos + 8 + len);
      const nul = body.indexOf(0);
      if (nul > 0) out[body.toString('latin1', 0, nul)] = body.toString('latin1', nul + 1);
    }
    if (type === 'IEND') break;
    pos += 12 + len;
  }
  return out;
}

export const PREVIEW_TEXT = {
  Software: RENDERER,
  Comment: RENDERER_NOTE,
  'drape:renderer': RENDERER,
} as const;

/** Encodes raw RGB or RGBA as PNG marked as a preview render. */
export async function encodePng(
  img: { data: Buffer; width: number; height: number },
  channels: 3 | 4,
): Promise<Buffer> {
  const png = await sharp(img.data, { raw: { width: img.width, height: img.height, channels } })
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
  return withPngText(png, PREVIEW_TEXT);
}

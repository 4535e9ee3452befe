// PNG decoding and encoding with nothing but web-standard APIs (CompressionStream), so the
// same code runs under Deno on hosted Supabase and under Node locally. Decodes 8- and
// 16-bit grey, grey+alpha, RGB, RGBA and 1/2/4/8-bit palette images (not interlaced, which
// no provider sends); encodes 8-bit RGBA.

export interface Rgba {
  width: number;
  height: number;
  /** width * height * 4 bytes, row by row */
  data: Uint8Array;
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && SIGNATURE.every((b, i) => bytes[i] === b);
}

/** Width and height from the IHDR chunk, without decoding; null when not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (!isPng(bytes) || bytes.length < 24) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function pipe(data: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([data as BlobPart]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

let crcTable: Uint32Array | null = null;
function crc32(bytes: Uint8Array, start: number, end: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export class PngError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PngError';
  }
}

export async function decodePng(bytes: Uint8Array): Promise<Rgba> {
  if (!isPng(bytes)) throw new PngError('not a PNG');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 8;
  let width = 0;
  let height = 0;
  let depth = 0;
  let colour = 0;
  let interlace = 0;
  let palette: Uint8Array | null = null;
  let transparency: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  while (pos + 8 <= bytes.length) {
    const length = view.getUint32(pos);
    const type = String.fromCharCode(bytes[pos + 4], bytes[pos + 5], bytes[pos + 6], bytes[pos + 7]);
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(pos + 8);
      height = view.getUint32(pos + 12);
      depth = bytes[pos + 16];
      colour = bytes[pos + 17];
      interlace = bytes[pos + 20];
    } else if (type === 'PLTE') {
      palette = data;
    } else if (type === 'tRNS') {
      transparency = data;
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    pos += 12 + length;
  }
  if (!width || !height) throw new PngError('PNG without a header');
  if (interlace) throw new PngError('interlaced PNGs are not supported');
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colour as 0 | 2 | 3 | 4 | 6];
  if (!channels) throw new PngError(`PNG colour type ${colour} is not supported`);
  const total = idat.reduce((n, c) => n + c.length, 0);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const c of idat) {
    joined.set(c, at);
    at += c.length;
  }
  const raw = await pipe(joined, new DecompressionStream('deflate'));
  const bitsPerPixel = channels * depth;
  const stride = Math.ceil((width * bitsPerPixel) / 8);
  const bpp = Math.max(1, bitsPerPixel >> 3);
  if (raw.length < (stride + 1) * height) throw new PngError('PNG data is truncated');
  const rows = new Uint8Array(stride * height);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = rows.subarray(y * stride, (y + 1) * stride);
    unfilter(filter, line, prev, out, bpp);
    prev = out;
  }
  return { width, height, data: toRgba(rows, width, height, stride, depth, colour, palette, transparency) };
}

function unfilter(filter: number, line: Uint8Array, prev: Uint8Array, out: Uint8Array, bpp: number): void {
  const n = line.length;
  switch (filter) {
    case 0:
      out.set(line);
      return;
    case 1:
      for (let i = 0; i < n; i++) out[i] = (line[i] + (i >= bpp ? out[i - bpp] : 0)) & 0xff;
      return;
    case 2:
      for (let i = 0; i < n; i++) out[i] = (line[i] + prev[i]) & 0xff;
      return;
    case 3:
      for (let i = 0; i < n; i++)
        out[i] = (line[i] + (((i >= bpp ? out[i - bpp] : 0) + prev[i]) >> 1)) & 0xff;
      return;
    case 4:
      for (let i = 0; i < n; i++) {
        const a = i >= bpp ? out[i - bpp] : 0;
        const b = prev[i];
        const c = i >= bpp ? prev[i - bpp] : 0;
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        out[i] = (line[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
      }
      return;
    default:
      throw new PngError(`unknown PNG filter ${filter}`);
  }
}

function toRgba(
  rows: Uint8Array,
  width: number,
  height: number,
  stride: number,
  depth: number,
  colour: number,
  palette: Uint8Array | null,
  trns: Uint8Array | null,
): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  // the common cases, without per-sample calls
  if (depth === 8 && colour === 6 && stride === width * 4) {
    out.set(rows.subarray(0, out.length));
    return out;
  }
  if (depth === 8 && colour === 2 && !trns) {
    for (let p = 0, q = 0; p < out.length; p += 4, q += 3) {
      out[p] = rows[q];
      out[p + 1] = rows[q + 1];
      out[p + 2] = rows[q + 2];
      out[p + 3] = 255;
    }
    return out;
  }
  const sample = (row: number, index: number): number => {
    // the index-th sample of a row, scaled to 8 bits
    if (depth === 8) return rows[row * stride + index];
    if (depth === 16) return rows[row * stride + index * 2];
    const perByte = 8 / depth;
    const byte = rows[row * stride + Math.floor(index / perByte)];
    const shift = 8 - depth * ((index % perByte) + 1);
    const v = (byte >> shift) & ((1 << depth) - 1);
    return colour === 3 ? v : Math.round((v * 255) / ((1 << depth) - 1));
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (colour === 6) {
        out[o] = sample(y, x * 4);
        out[o + 1] = sample(y, x * 4 + 1);
        out[o + 2] = sample(y, x * 4 + 2);
        out[o + 3] = sample(y, x * 4 + 3);
      } else if (colour === 2) {
        out[o] = sample(y, x * 3);
        out[o + 1] = sample(y, x * 3 + 1);
        out[o + 2] = sample(y, x * 3 + 2);
        out[o + 3] = 255;
        if (
          trns &&
          trns.length >= 6 &&
          depth === 8 &&
          out[o] === trns[1] &&
          out[o + 1] === trns[3] &&
          out[o + 2] === trns[5]
        )
          out[o + 3] = 0;
      } else if (colour === 0 || colour === 4) {
        const g = sample(y, colour === 4 ? x * 2 : x);
        out[o] = out[o + 1] = out[o + 2] = g;
        out[o + 3] = colour === 4 ? sample(y, x * 2 + 1) : 255;
      } else {
        const i = sample(y, x);
        if (!palette || i * 3 + 2 >= palette.length) throw new PngError('PNG palette index out of range');
        out[o] = palette[i * 3];
        out[o + 1] = palette[i * 3 + 1];
        out[o + 2] = palette[i * 3 + 2];
        out[o + 3] = trns && i < trns.length ? trns[i] : 255;
      }
    }
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

/**
 * 8-bit RGBA PNG, every row with the Sub filter: one pass, and deflate (the platform's
 * CompressionStream) does the rest — choosing a filter per row cost more time here than
 * it saved in bytes.
 */
export async function encodePng(image: Rgba, text: Record<string, string> = {}): Promise<Uint8Array> {
  const { width, height, data } = image;
  const stride = width * 4;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const base = y * (stride + 1);
    const row = y * stride;
    raw[base] = 1;
    raw.set(data.subarray(row, row + 4), base + 1);
    for (let i = 4; i < stride; i++) raw[base + 1 + i] = (data[row + i] - data[row + i - 4]) & 0xff;
  }
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header[8] = 8;
  header[9] = 6;
  const parts = [
    new Uint8Array(SIGNATURE),
    chunk('IHDR', header),
    ...Object.entries(text).map(([k, v]) => chunk('tEXt', new TextEncoder().encode(`${k}\0${v}`))),
    chunk('IDAT', await pipe(raw, new CompressionStream('deflate'))),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

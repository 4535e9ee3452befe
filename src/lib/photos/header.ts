// A photo's pixel size read from its header, before decoding it: a 20000 x 20000 image must
// be refused without asking the browser for 1.6 GB of memory.
import type { SourceKind } from './sniff.ts';
import type { Size } from './limits.ts';

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

function jpegSize(b: Uint8Array): Size | null {
  const v = view(b);
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // standalone markers have no length
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = v.getUint16(at + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: v.getUint16(at + 5), width: v.getUint16(at + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan data or the end before any frame
    at += 2 + length;
  }
  return null;
}

function pngSize(b: Uint8Array): Size | null {
  if (b.length < 24) return null;
  const v = view(b);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

function webpSize(b: Uint8Array): Size | null {
  if (b.length < 30) return null;
  const v = view(b);
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  if (chunk === 'VP8 ')
    return { width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff };
  if (chunk === 'VP8L') {
    const [b0, b1, b2, b3] = [b[21], b[22], b[23], b[24]];
    return {
      width: 1 + (((b1 & 0x3f) << 8) | b0),
      height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
    };
  }
  if (chunk === 'VP8X') {
    const u24 = (at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
    return { width: 1 + u24(24), height: 1 + u24(27) };
  }
  return null;
}

/** HEIF: the largest 'ispe' (image spatial extents) property is the primary image's size. */
function heicSize(b: Uint8Array): Size | null {
  const v = view(b);
  let best: Size | null = null;
  for (let at = 4; at + 16 <= b.length; at++) {
    if (b[at] !== 0x69 || b[at + 1] !== 0x73 || b[at + 2] !== 0x70 || b[at + 3] !== 0x65) continue; // 'ispe'
    const size = { width: v.getUint32(at + 8), height: v.getUint32(at + 12) };
    if (!best || size.width * size.height > best.width * best.height) best = size;
  }
  return best;
}

/** The image's width and height as stored (before orientation), or null when unreadable. */
export function readSize(kind: SourceKind, head: Uint8Array): Size | null {
  const size =
    kind === 'jpeg'
      ? jpegSize(head)
      : kind === 'png'
        ? pngSize(head)
        : kind === 'webp'
          ? webpSize(head)
          : heicSize(head);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

// Whether a file holds the whole image: a photo cut short in transfer decodes as a grey
// half in some browsers instead of failing, so its structure is walked first.
import type { SourceKind } from './sniff.ts';

/** JPEG: walk the segments and scans to an EOI marker (data after it, such as a phone's
 *  motion-photo video, is allowed). */
function jpegComplete(b: Uint8Array): boolean {
  let at = 2;
  const n = b.length;
  while (at + 1 < n) {
    if (b[at] !== 0xff) return false;
    const marker = b[at + 1];
    if (marker === 0xd9) return true;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 3 >= n) return false;
    const length = (b[at + 2] << 8) | b[at + 3];
    at += 2 + length;
    if (marker === 0xda) {
      // entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart
      while (
        at + 1 < n &&
        !(b[at] === 0xff && b[at + 1] !== 0x00 && !(b[at + 1] >= 0xd0 && b[at + 1] <= 0xd7))
      )
        at++;
    }
  }
  return false;
}

/** PNG: chunks up to IEND, each within the file. */
function pngComplete(b: Uint8Array): boolean {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let at = 8;
  while (at + 12 <= b.length) {
    const length = v.getUint32(at);
    const type = String.fromCharCode(b[at + 4], b[at + 5], b[at + 6], b[at + 7]);
    at += 12 + length;
    if (at > b.length) return false;
    if (type === 'IEND') return true;
  }
  return false;
}

/** WebP: the RIFF container's declared size fits in the file. */
function webpComplete(b: Uint8Array): boolean {
  if (b.length < 12) return false;
  const size = new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(4, true);
  return size + 8 <= b.length;
}

/** HEIF: every top-level box fits in the file. */
function heicComplete(b: Uint8Array): boolean {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let at = 0;
  let boxes = 0;
  while (at + 8 <= b.length) {
    let size = v.getUint32(at);
    if (size === 1) {
      if (at + 16 > b.length) return false;
      size = Number(v.getBigUint64(at + 8));
    } else if (size === 0) {
      size = b.length - at; // to the end of the file
    }
    if (size < 8 || at + size > b.length) return false;
    at += size;
    boxes++;
  }
  // a few bytes of padding after the last box are harmless
  return boxes > 0 && b.length - at < 8;
}

export function isComplete(kind: SourceKind, bytes: Uint8Array): boolean {
  switch (kind) {
    case 'jpeg':
      return jpegComplete(bytes);
    case 'png':
      return pngComplete(bytes);
    case 'webp':
      return webpComplete(bytes);
    case 'heic':
      return heicComplete(bytes);
  }
}

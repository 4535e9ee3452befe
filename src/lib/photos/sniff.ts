// What a file really is, from its first bytes (its name and declared type can lie).
export type SourceKind = 'jpeg' | 'png' | 'webp' | 'heic';

const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'mif2']);

/** The kind of image, or null for anything Drape does not take (including GIF, AVIF, BMP). */
export function sniffKind(head: Uint8Array): SourceKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => head[i] === v))
    return 'png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'webp';
  if (head.length >= 16 && ascii(head, 4, 4) === 'ftyp') {
    const size = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0);
    const end = Math.min(size, head.length);
    const brands = [ascii(head, 8, 4)];
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(head, at, 4));
    if (brands.some((b) => HEIC_BRANDS.has(b))) return 'heic';
    // a generic HEIF that is not AVIF (AV1 images are not taken)
    if (brands.some((b) => HEIF_BRANDS.has(b)) && !brands.some((b) => b === 'avif' || b === 'avis'))
      return 'heic';
  }
  return null;
}

// How a product photo is prepared before upload (product decisions): kept at 2048 px on the
// long edge (never enlarged), re-encoded as JPEG at the highest quality of the ladder that stays
// within 250 kB (the lowest rung when none does), with the camera's orientation applied and its
// metadata (location included) left behind. Measured on 12 MP phone photos of knit and denim
// (bench/upload-size.bench.ts, sharp standing in for Chromium's encoder): at 0.9 they were
// ~680 kB each, 20 of them ~150 s up a 750 kbps phone link; now they land at 0.6, ~300 kB, SSIM
// 0.954 against the 0.9 photo and the same local preview result (SSIM 0.995-0.9995); plainer photos
// keep a higher rung. In Chromium (bench/batch) 20 such photos went from 12.0 MB stored in 132 s
// to 5.4 MB in 61 s. Lowering the quality keeps more than lowering the size: 1536 px at 0.9
// costs as many bytes as 2048 at 0.74 but has SSIM 0.90 against the 0.9 photo, 2048 at 0.74 0.96.
import { asciiFileStem } from '../safe-file-name.ts';
export const LONG_EDGE = 2048;
export const BYTE_BUDGET = 250_000;
/**
 * The budget of a photo that is itself the result (the enhancer enlarges it, the background
 * remover gives it back at its size): the 0.9 rung for a 12 MP photo, as before.
 */
export const TOOL_BYTE_BUDGET = 1_200_000;
/** JPEG (or WebP for photos with transparency) qualities, best first: the first that fits is used. */
export const QUALITY_LADDER = [0.9, 0.85, 0.8, 0.74, 0.68, 0.6] as const;

/**
 * The highest quality of `ladder` (best first) whose encoding fits `budget`, or the last
 * (lowest) when none does, found by bisection (three encodings for six rungs, not six): a
 * photo's size falls as the quality falls.
 */
export async function encodeWithinBudget<T extends { size: number }>(
  ladder: readonly number[],
  budget: number,
  encode: (quality: number) => Promise<T>,
): Promise<{ encoded: T; quality: number }> {
  let lo = 0;
  let hi = ladder.length - 1;
  let fits: { encoded: T; quality: number } | null = null;
  let lowest: { encoded: T; quality: number } | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const encoded = await encode(ladder[mid]);
    if (encoded.size <= budget) {
      fits = { encoded, quality: ladder[mid] };
      hi = mid - 1;
    } else {
      // nothing fitting leads the search down to the last rung, which is then kept
      if (mid === ladder.length - 1) lowest = { encoded, quality: ladder[mid] };
      lo = mid + 1;
    }
  }
  const chosen = fits ?? lowest;
  if (!chosen) throw new Error('an empty quality ladder');
  return chosen;
}

/** Files larger than this are refused before anything is read (a 48 MP HEIC is ~12 MB). */
export const MAX_INPUT_BYTES = 40 * 1024 * 1024;
/** Decoding needs width x height x 4 bytes of memory: 50 MP (a 48 MP phone photo) at most. */
export const MAX_PIXELS = 50_000_000;
/** The largest side a browser canvas reliably handles. */
export const MAX_SIDE = 16_384;

export const ACCEPTED_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.heic', '.heif'] as const;
export const ACCEPTED_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
/** The file input's accept attribute. */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_MIME_TYPES, ...ACCEPTED_EXTENSIONS].join(',');

export interface Size {
  width: number;
  height: number;
}

/** The prepared photo's size: the long edge brought down to LONG_EDGE, proportions kept. */
export function targetSize(source: Size, longEdge = LONG_EDGE): Size {
  const long = Math.max(source.width, source.height);
  if (long <= longEdge) return { width: source.width, height: source.height };
  const scale = longEdge / long;
  return {
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
}

export type SizeProblem = 'too-many-pixels' | null;

/** Whether a photo of this size can be decoded here. */
export function sizeProblem(size: Size): SizeProblem {
  if (size.width > MAX_SIDE || size.height > MAX_SIDE || size.width * size.height > MAX_PIXELS)
    return 'too-many-pixels';
  return null;
}

/** The prepared file's name: the original's base, plain ASCII, with the new extension. */
export function preparedFileName(originalName: string, mimeType: 'image/jpeg' | 'image/webp'): string {
  return `${asciiFileStem(originalName) || 'photo'}.${mimeType === 'image/webp' ? 'webp' : 'jpg'}`;
}

/** Minimum recommended resolution: below it in width or height the seller is warned. */
export const MIN_RECOMMENDED_SIDE = 500;

export const isLowResolution = (p: { sourceWidth: number; sourceHeight: number }) =>
  p.sourceWidth < MIN_RECOMMENDED_SIDE || p.sourceHeight < MIN_RECOMMENDED_SIDE;

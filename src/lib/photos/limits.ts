// How a product photo is prepared before upload (product decisions): kept at 2048 px on the
// long edge (never enlarged), re-encoded to stay within 1.2 MB for a 12 MP photo, with the
// camera's orientation applied and its metadata (location included) left behind.
export const LONG_EDGE = 2048;
export const BYTE_BUDGET = 1_200_000;
/** JPEG (or WebP for photos with transparency) qualities tried in turn until the budget fits. */
export const QUALITY_LADDER = [0.9, 0.85, 0.8, 0.74, 0.68, 0.6] as const;

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
  const base = (originalName.split(/[\\/]/).pop() ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const plain = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .toLowerCase();
  return `${plain || 'photo'}.${mimeType === 'image/webp' ? 'webp' : 'jpg'}`;
}

/** Minimum recommended resolution: below it in width or height the seller is warned. */
export const MIN_RECOMMENDED_SIDE = 500;

export const isLowResolution = (p: { sourceWidth: number; sourceHeight: number }) =>
  p.sourceWidth < MIN_RECOMMENDED_SIDE || p.sourceHeight < MIN_RECOMMENDED_SIDE;

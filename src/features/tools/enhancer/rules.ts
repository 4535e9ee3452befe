// The Image Enhancer's size rules: 2× or 4× (the two models it ships), never above 4096 px on
// the long side. A factor that would overshoot falls back to the one that fits; a photo that
// no factor fits is refused with its reason.

export const ENHANCE_FACTORS = [2, 4] as const;
export type EnhanceFactor = (typeof ENHANCE_FACTORS)[number];

/** The longest side an enhanced photo may have. */
export const MAX_ENHANCED_LONG_SIDE = 4096;

export interface Size {
  width: number;
  height: number;
}

export type FactorChoice =
  | { ok: true; factor: EnhanceFactor; width: number; height: number; reduced: boolean }
  | { ok: false; reason: 'too-large'; longSide: number };

/** Whether this factor keeps the photo within the cap. */
export const fits = (size: Size, factor: EnhanceFactor) =>
  Math.max(size.width, size.height) * factor <= MAX_ENHANCED_LONG_SIDE;

/**
 * The factor used for this photo: the one asked for when it fits, else the largest smaller one
 * that fits (`reduced`), else none (a photo over 2048 px on its long side cannot be doubled).
 */
export function chooseFactor(size: Size, wanted: EnhanceFactor): FactorChoice {
  const candidates = ENHANCE_FACTORS.filter((f) => f <= wanted).sort((a, b) => b - a);
  for (const factor of candidates) {
    if (fits(size, factor))
      return {
        ok: true,
        factor,
        width: size.width * factor,
        height: size.height * factor,
        reduced: factor !== wanted,
      };
  }
  return { ok: false, reason: 'too-large', longSide: Math.max(size.width, size.height) };
}

/** The factors this photo may take (the page offers only these). */
export const allowedFactors = (size: Size): EnhanceFactor[] => ENHANCE_FACTORS.filter((f) => fits(size, f));

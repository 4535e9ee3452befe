// Flat-lay garment types (spec 2 §4): 'full' keeps only that image and completes the outfit;
// 'top' or 'bottom' gives the other image the opposite type. With one photo per generation
// the list has one image, but the rule is the spec's, for any list.
import type { GarmentType, WizardPhoto } from './draft.ts';

export interface GarmentResult {
  photos: WizardPhoto[];
  outfitComplete: boolean;
  /** photos the rule dropped (their stored copies must go too) */
  removed: WizardPhoto[];
}

const opposite = (t: 'top' | 'bottom'): 'top' | 'bottom' => (t === 'top' ? 'bottom' : 'top');

export function assignGarmentType(photos: WizardPhoto[], photoId: string, type: GarmentType): GarmentResult {
  const target = photos.find((p) => p.id === photoId);
  if (!target) return { photos, outfitComplete: outfitCompleteOf(photos), removed: [] };
  if (type === 'full') {
    return {
      photos: [{ ...target, garmentType: 'full' }],
      outfitComplete: true,
      removed: photos.filter((p) => p.id !== photoId),
    };
  }
  const others = photos.filter((p) => p.id !== photoId);
  const next = photos.map((p) => {
    if (p.id === photoId) return { ...p, garmentType: type };
    // the other image of a pair takes the opposite type
    if (others.length === 1) return { ...p, garmentType: opposite(type) };
    return p;
  });
  return { photos: next, outfitComplete: outfitCompleteOf(next), removed: [] };
}

/** A full outfit, or both a top and a bottom. */
export function outfitCompleteOf(photos: WizardPhoto[]): boolean {
  const types = new Set(photos.map((p) => p.garmentType));
  return types.has('full') || (types.has('top') && types.has('bottom'));
}

// The photo combiner's rules (spec 2 §5 "Photo combiner", §4 "Tools flow", §9).
export const COMBINER_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const COMBINER_ACCEPT = [...COMBINER_TYPES, '.png', '.jpg', '.jpeg', '.webp'].join(',');
export const MAX_COMBINER_IMAGES = 2;
/** Exactly this many photos make a combination. */
export const COMBINE_COUNT = 2;
/** Once two photos are in, combining starts after this long. */
export const AUTO_COMBINE_MS = 500;
/** And the result downloads this long after it is ready. */
export const AUTO_DOWNLOAD_MS = 500;

const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** A file's image type: its declared type, or (when the system gave none) its extension's. */
export function imageType(file: { name: string; type: string }): string {
  if (file.type) return file.type.toLowerCase();
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[ext] ?? '';
}

export const isCombinerType = (file: { name: string; type: string }) =>
  (COMBINER_TYPES as readonly string[]).includes(imageType(file));

export interface AddOutcome<F> {
  /** the files that join the selection, in order */
  accepted: F[];
  /** files of another type, left out */
  wrongType: F[];
  /** more photos were offered than there is room for ('You can only add up to 2 images') */
  overLimit: boolean;
}

/** Which of the offered files join `existing` photos: the right type, up to the limit. */
export function addToSelection<F extends { name: string; type: string }>(
  existing: number,
  offered: readonly F[],
): AddOutcome<F> {
  const room = Math.max(0, MAX_COMBINER_IMAGES - existing);
  const images = offered.filter(isCombinerType);
  return {
    accepted: images.slice(0, room),
    wrongType: offered.filter((f) => !isCombinerType(f)),
    overLimit: images.length > room,
  };
}

export const canCombine = (count: number) => count === COMBINE_COUNT;

// Where an image's bytes are read from, and at which size. A plan without watermark-free
// downloads (free) is shown and given the watermarked copy only — storage refuses it the clean
// one; other plans read the clean image. Screens never load full-size files for display: they
// ask Storage's image transformation for the size they draw.
import type { ProjectImage } from './project-types.ts';

export interface ImageSource {
  bucket: 'generated' | 'watermarked' | 'uploads' | 'fix-drawings' | 'videos';
  path: string;
}

export interface ImageSize {
  width: number;
  height?: number;
  resize?: 'cover' | 'contain';
  quality?: number;
}

/** Widths card thumbnails come in; a card asks for the smallest that covers it on its screen. */
export const CARD_WIDTHS = [320, 480, 720, 960] as const;

/**
 * A card thumbnail for a picture drawn `cssWidth` CSS px wide at `dpr` device pixels per CSS
 * px (cards are up to 413×530): the smallest listed width that covers it, never the file.
 */
export function cardSize(cssWidth: number, dpr = 1): ImageSize {
  const needed = Math.ceil(cssWidth * Math.min(dpr, 3));
  const width = CARD_WIDTHS.find((w) => w >= needed) ?? CARD_WIDTHS[CARD_WIDTHS.length - 1];
  return { width, height: Math.round((width * 9) / 7), resize: 'cover', quality: 70 };
}
/** The detail screen's panes, also what the magnifier enlarges. */
export const PANE_SIZE: ImageSize = { width: 1024, resize: 'contain', quality: 85 };
/** The thumbnail strip and small previews. */
export const STRIP_SIZE: ImageSize = { width: 128, height: 164, resize: 'cover', quality: 60 };

/**
 * The generated image this seller may see: the clean one on a plan with watermark-free
 * downloads, else the watermarked copy; null when there is none they may read. While the
 * plan is not known (undefined), the watermarked copy when there is one, else the clean one
 * (Storage decides whether it is readable).
 */
export function resultSource(
  image: Pick<ProjectImage, 'generated_path' | 'watermarked_path'> | undefined,
  cleanAllowed: boolean | undefined,
): ImageSource | null {
  if (!image) return null;
  if (cleanAllowed === true && image.generated_path)
    return { bucket: 'generated', path: image.generated_path };
  if (image.watermarked_path) return { bucket: 'watermarked', path: image.watermarked_path };
  if (cleanAllowed === undefined && image.generated_path)
    return { bucket: 'generated', path: image.generated_path };
  return null;
}

export function originalSource(image: Pick<ProjectImage, 'original_path'> | undefined): ImageSource | null {
  return image?.original_path ? { bucket: 'uploads', path: image.original_path } : null;
}

export const sizeKey = (size: ImageSize | null) =>
  size ? `${size.width}x${size.height ?? ''}-${size.resize ?? ''}-${size.quality ?? ''}` : 'full';

/**
 * A completed fix's result as this seller may see it (the same rule as a generated image: the
 * clean file on a plan with watermark-free downloads, else the watermarked copy); null for a
 * fix that is not completed or has no result they may read.
 */
export function fixResultSource(
  fix: { status: string; result_path: string | null; result_watermarked_path: string | null },
  cleanAllowed: boolean | undefined,
): ImageSource | null {
  if (fix.status !== 'completed') return null;
  return resultSource(
    { generated_path: fix.result_path, watermarked_path: fix.result_watermarked_path },
    cleanAllowed,
  );
}

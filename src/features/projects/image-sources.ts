// Where an image's bytes are read from, and at which size. A plan without watermark-free
// downloads (free) is shown and given the watermarked copy only — storage refuses it the clean
// one; other plans read the clean image. Screens never load full-size files for display: they
// ask Storage's image transformation for the size they draw.
import { completedImages, isProcessing, type Project, type ProjectImage } from './project-types.ts';

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

/** How many cards the first screen renders at once (project-grid.tsx): at most this many are
 *  signed with the list (the projects-first-screen function). */
export const FIRST_SCREEN_CARDS = 8;

/**
 * A card thumbnail for a picture drawn `cssWidth` CSS px wide at `dpr` device pixels per CSS
 * px (cards are up to 413×530): the smallest listed width that covers it, never the file.
 */
export const cardSize = (cssWidth: number, dpr = 1): ImageSize => cardThumbnails(cssWidth, 0, dpr).thumbnail;

/**
 * The card thumbnail a screen `viewportWidth` CSS px wide will ask for, before anything is laid
 * out: the width the grid's CSS gives a card's picture there (project-grid.css.ts in the
 * app shell's main column, app-shell.css.ts), through cardSize.
 */
export const predictedCardSize = (viewportWidth: number, dpr = 1): ImageSize =>
  cardThumbnails(null, viewportWidth, dpr).thumbnail;

/** What the projects' first read asks the server to sign on this window (api.ts; a 390 px phone
 *  where there is none: tests in Node). index.html's <head> script sends the same read. */
export const windowFirstScreen = (): FirstScreenRequest =>
  cardThumbnails(null, globalThis.innerWidth ?? 390, globalThis.devicePixelRatio ?? 1);

export interface FirstScreenRequest {
  thumbnail: ImageSize;
  /** how many of the first cards to sign: the first two rows, at most FIRST_SCREEN_CARDS */
  first: number;
}

/**
 * cardSize for a picture `cssWidth` wide, or (null) for the card the grid lays out on a screen
 * `viewportWidth` wide with the sidebar open and no classic scrollbar (a phone's overlays it),
 * with the number of cards in its first two rows (what a first screen shows; below them the
 * cards sign their own pictures as they come near).
 * Self-contained on purpose: the <head> script carries its source (no names from outside).
 */
export function cardThumbnails(
  cssWidth: number | null,
  viewportWidth: number,
  dpr: number,
): FirstScreenRequest {
  let width = cssWidth;
  let columns = 1;
  if (width === null) {
    // below 768 px (theme.css.ts `mobile`): no sidebar, main padded 16 px each side, gaps of
    // 16 px, cards as wide as their column; above: the 256 px sidebar, main at most 1200 px
    // padded 32 px, gaps of 20 px, cards at most 413 px. Columns: auto-fill, at least 290 px.
    const phone = viewportWidth < 768;
    const content = phone ? viewportWidth - 32 : Math.min(viewportWidth - 256, 1200) - 64;
    const gap = phone ? 16 : 20;
    columns = Math.max(1, Math.floor((content + gap) / (Math.min(content, 290) + gap)));
    const column = (content - (columns - 1) * gap) / columns;
    // the picture is the card less its 1 px border each side
    width = Math.max(1, (phone ? column : Math.min(column, 413)) - 2);
  }
  // the widths card thumbnails come in; a card asks for the smallest that covers it
  const widths = [320, 480, 720, 960];
  const needed = Math.ceil(width * Math.min(dpr || 1, 3));
  const chosen = widths.find((w) => w >= needed) ?? widths[widths.length - 1]!;
  return {
    thumbnail: { width: chosen, height: Math.round((chosen * 9) / 7), resize: 'cover', quality: 70 },
    first: Math.min(columns * 2, 8),
  };
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

/**
 * What a project's card shows first: its first completed result (resultSource), unless the
 * project is still being made or was rejected; otherwise its first photo. The
 * projects-first-screen function signs the same (supabase/functions/_shared/projects/; a unit
 * test holds the two together).
 */
export function cardPictureSource(
  project: Pick<Project, 'status' | 'images'>,
  cleanAllowed: boolean | undefined,
): ImageSource | null {
  const result = resultSource(completedImages(project)[0], cleanAllowed);
  const held = isProcessing(project) || project.status === 'rejected';
  return result && !held ? result : originalSource(project.images[0]);
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

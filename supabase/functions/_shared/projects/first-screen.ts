// The /projects first screen in one round trip: the seller's active projects, read as the app
// reads them (src/features/projects/api.ts, fetchProjects), and for the first cards a signed,
// transformed URL of the picture each card shows first, at the size the app asks for (the
// size its grid's CSS predicts for the screen: predictedCardSize in
// src/features/projects/image-sources.ts). Without it a phone waited for the list, then for a
// sign request per card, then for the picture.
//
// Everything is read and signed with the caller's own token, so row-level security and the
// storage policies decide as they do for the app's own requests: a picture the seller may not
// read (the clean file on a free plan) is not signed, and the app signs what is missing itself.

/** The app's PROJECT_COLUMNS (src/features/projects/project-types.ts; a unit test compares). */
export const PROJECT_COLUMNS =
  'id, name, type, status, created_at, updated_at, video_status, video_path, video_url, video_style, ' +
  'images(id, position, status, original_path, generated_path, watermarked_path, created_at, resolution, width, height)';

/** at most this many cards' pictures are signed with one read */
export const MOST_SIGNED = 24;
/** what the app's signed image URLs last (SIGNED_URL_SECONDS in src/features/projects/api.ts) */
export const SIGNED_URL_SECONDS = 60 * 60;

export interface Thumbnail {
  width: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  quality?: number;
}

export interface FirstScreenRequest {
  thumbnail: Thumbnail;
  /** how many of the first cards' pictures to sign */
  first: number;
}

export interface Picture {
  bucket: 'generated' | 'watermarked' | 'uploads';
  path: string;
}

export interface SignedPicture extends Picture {
  /** the signed address, relative to the Storage API (…/storage/v1): the app adds its own base */
  url: string;
}

export interface FirstScreenAnswer {
  projects: Record<string, unknown>[];
  thumbnail: Thumbnail;
  pictures: SignedPicture[];
}

const whole = (n: unknown, min: number, max: number) =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/** The request's body, or null when it is not one (the function answers 400). */
export function parseFirstScreenRequest(body: unknown): FirstScreenRequest | null {
  if (!body || typeof body !== 'object') return null;
  const { thumbnail, first } = body as { thumbnail?: unknown; first?: unknown };
  if (!whole(first, 0, MOST_SIGNED) || !thumbnail || typeof thumbnail !== 'object') return null;
  const { width, height, resize, quality } = thumbnail as Record<string, unknown>;
  if (!whole(width, 1, 2500)) return null;
  if (height !== undefined && !whole(height, 1, 2500)) return null;
  if (resize !== undefined && resize !== 'cover' && resize !== 'contain' && resize !== 'fill') return null;
  if (quality !== undefined && !whole(quality, 20, 100)) return null;
  const size: Thumbnail = { width: width as number };
  if (height !== undefined) size.height = height as number;
  if (resize !== undefined) size.resize = resize as Thumbnail['resize'];
  if (quality !== undefined) size.quality = quality as number;
  return { thumbnail: size, first: first as number };
}

interface ImageRow {
  id: string;
  position: number;
  status: string;
  original_path: string | null;
  generated_path: string | null;
  watermarked_path: string | null;
  created_at: string;
}

const byPosition = (a: ImageRow, b: ImageRow) =>
  a.position - b.position || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

/**
 * The picture a project's card shows first (ProjectCard with resultSource and originalSource,
 * src/features/projects/: a unit test holds the two to the same answers): the first completed
 * result the plan lets the seller see — the clean file on a plan with watermark-free
 * downloads, else the watermarked copy — unless the project is still being made or was
 * rejected; otherwise the first photo.
 */
export function cardPicture(row: Record<string, unknown>, cleanAllowed: boolean): Picture | null {
  const images = (Array.isArray(row.images) ? (row.images as ImageRow[]) : []).slice().sort(byPosition);
  const status = row.status;
  const done = images.find((i) => i.status === 'completed' && (i.generated_path || i.watermarked_path));
  let result: Picture | null = null;
  if (done && cleanAllowed && done.generated_path)
    result = { bucket: 'generated', path: done.generated_path };
  else if (done?.watermarked_path) result = { bucket: 'watermarked', path: done.watermarked_path };
  const original: Picture | null = images[0]?.original_path
    ? { bucket: 'uploads', path: images[0].original_path }
    : null;
  const held = status === 'processing' || status === 'draft' || status === 'rejected';
  return result && !held ? result : original;
}

/** What the function needs from Supabase, as the caller. */
export interface FirstScreenReads {
  /** the active projects, newest first (PROJECT_COLUMNS) */
  projects(): Promise<Record<string, unknown>[]>;
  /** whether the caller's plan shows clean images (plans.watermark_free_download) */
  cleanAllowed(): Promise<boolean>;
  /** a signed, transformed URL relative to the Storage API, or null when it is refused */
  sign(picture: Picture, thumbnail: Thumbnail): Promise<string | null>;
}

export async function firstScreen(
  request: FirstScreenRequest,
  reads: FirstScreenReads,
): Promise<FirstScreenAnswer> {
  // the plan is read beside the list; a failed plan read signs only what every plan may see
  const [projects, cleanAllowed] = await Promise.all([
    reads.projects(),
    reads.cleanAllowed().catch(() => false),
  ]);
  const wanted = projects
    .slice(0, request.first)
    .map((row) => cardPicture(row, cleanAllowed))
    .filter((p): p is Picture => p !== null);
  const signed = await Promise.all(
    wanted.map(async (picture) => {
      const url = await reads.sign(picture, request.thumbnail).catch(() => null);
      return url ? { ...picture, url } : null;
    }),
  );
  return {
    projects,
    thumbnail: request.thumbnail,
    pictures: signed.filter((p): p is SignedPicture => p !== null),
  };
}

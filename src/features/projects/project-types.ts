// Projects as the screens read them: the row's columns the list and the detail show, and its
// images in display order. Rows come from PostgREST (public.projects with images embedded).
import type { Tables } from '../../lib/database.types.ts';

export const PROJECT_STATUSES = [
  'draft',
  'processing',
  'completed',
  'failed',
  'rejected',
  'archived',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export type ProjectType = 'on-model' | 'flat-lay' | 'mannequin';
export type VideoStatus = 'pending' | 'processing' | 'completed' | 'failed';
export type ImageStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'rejected';

export type ProjectImage = Pick<
  Tables<'images'>,
  | 'id'
  | 'position'
  | 'original_path'
  | 'generated_path'
  | 'watermarked_path'
  | 'created_at'
  | 'resolution'
  | 'width'
  | 'height'
> & { status: ImageStatus };

export type Project = Pick<
  Tables<'projects'>,
  'id' | 'name' | 'created_at' | 'updated_at' | 'video_path' | 'video_url' | 'video_style'
> & {
  type: ProjectType;
  status: ProjectStatus;
  video_status: VideoStatus | null;
  images: ProjectImage[];
};

/** The columns read for a project, with its images embedded. */
export const PROJECT_COLUMNS =
  'id, name, type, status, created_at, updated_at, video_status, video_path, video_url, video_style, ' +
  'images(id, position, status, original_path, generated_path, watermarked_path, created_at, resolution, width, height)';

const byPosition = (a: ProjectImage, b: ProjectImage) =>
  a.position - b.position || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

/** A row as read → a Project: statuses narrowed, images in display order. */
export function toProject(row: Record<string, unknown>): Project {
  const images = Array.isArray(row.images) ? (row.images as ProjectImage[]) : [];
  return { ...(row as unknown as Project), images: [...images].sort(byPosition) };
}

/** Generation still running: images being made, nothing to download or fix yet. */
export const isProcessing = (p: Pick<Project, 'status'>) => p.status === 'processing' || p.status === 'draft';

export const completedImages = (p: Pick<Project, 'images'>) =>
  p.images.filter((i) => i.status === 'completed' && (i.generated_path || i.watermarked_path));

/** Images done (completed, failed or rejected) out of all, for the live progress line. */
export function progressOf(p: Pick<Project, 'images'>): { done: number; total: number } {
  const done = p.images.filter(
    (i) => i.status === 'completed' || i.status === 'failed' || i.status === 'rejected',
  ).length;
  return { done, total: p.images.length };
}

/** A video exists to view and download. */
export const hasVideo = (p: Pick<Project, 'video_status' | 'video_path'>) =>
  p.video_status === 'completed' && !!p.video_path;

/** The video is on its way (coloured dots on the card, a banner on the detail screen). */
export const videoInProgress = (p: Pick<Project, 'video_status'>) =>
  p.video_status === 'pending' || p.video_status === 'processing';

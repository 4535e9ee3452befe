// Downloaded files are named after the project (spec 1 §2: the download dialog; spec 2 §5):
// "Summer dress.png", and "Summer dress-2.png" for the second image of a project with several.
// The name is made safe for every file system the seller may save to: no path separators or
// characters Windows refuses, no control characters, no leading or trailing dots and spaces,
// not a reserved device name, at most 100 characters; Greek and other letters stay.
import { safeFileStem } from '../../lib/safe-file-name.ts';

export const DOWNLOAD_FORMATS = ['png', 'jpg', 'webp'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const MIME_OF: Record<DownloadFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

export { safeFileStem };

/**
 * The file name for one image of a project: the project's name, then -n (its place, from 1)
 * when the project has more than one image, then the format's extension.
 */
export function downloadFileName(
  projectName: string,
  format: DownloadFormat | 'mp4' | 'webm',
  place?: { index: number; total: number },
): string {
  const stem = safeFileStem(projectName);
  const suffix = place && place.total > 1 ? `-${place.index + 1}` : '';
  return `${stem}${suffix}.${format}`;
}

/**
 * A video's extension from its bytes (the container the provider returned: FASHN's MP4, the
 * local renderer's WebM), so the saved file opens in whatever plays it; the stored type or
 * name only when the bytes say neither.
 */
export async function videoExtension(blob: Blob, path = ''): Promise<'mp4' | 'webm'> {
  const head = new Uint8Array(await blob.slice(0, 12).arrayBuffer());
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (String.fromCharCode(...head.subarray(4, 8)) === 'ftyp') return 'mp4';
  return blob.type === 'video/webm' || path.endsWith('.webm') ? 'webm' : 'mp4';
}

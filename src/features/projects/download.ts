// Downloading results: the stored file's bytes (the watermarked copy on the free plan — the
// only one Storage gives that seller), turned into the chosen format in the browser at full
// size, saved under the project's name or handed to the phone's share sheet.
import { msg } from '@lingui/core/macro';
import { AppError } from '../../lib/errors/index.ts';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import { type DownloadFormat, MIME_OF } from './download-name.ts';
import { renderFrame, UnsupportedFormatError } from './frame/render.ts';
import type { FrameSize } from './frame/sizes.ts';
import type { ImageSource } from './image-sources.ts';

/** Quality 'hd' (spec 1 §8): the image at its full stored size; JPG and WebP at 92 %. */
export const HD_QUALITY = 0.92;

export async function storedFile(client: AppSupabaseClient, source: ImageSource): Promise<Blob> {
  const { data, error } = await client.storage.from(source.bucket).download(source.path);
  if (error) throw error;
  return data;
}

/** The image in another format, drawn at its own size (JPG gets a white ground: it has no alpha). */
export async function convertImage(blob: Blob, format: DownloadFormat): Promise<Blob> {
  const mime = MIME_OF[format];
  if (blob.type === mime) return blob;
  const bitmap = await createImageBitmap(blob);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    if (format === 'jpg') {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    ctx.drawImage(bitmap, 0, 0);
    const out = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, mime, HD_QUALITY));
    // Browsers that cannot encode a type (Safari and WebP) silently answer PNG instead.
    if (!out || out.type !== mime) throw unsupportedFormat(format);
    return out;
  } finally {
    bitmap.close();
  }
}

const unsupportedFormat = (format: DownloadFormat) =>
  new AppError(msg`This browser cannot save {format} files. Please choose PNG.`, 'unsupported format', {
    values: { format: format.toUpperCase() },
  });

/**
 * The image as downloaded: at its own size in the chosen format, or framed for a marketplace
 * (frame/sizes.ts) — resized and padded off the main thread.
 */
export async function downloadImage(blob: Blob, format: DownloadFormat, size: FrameSize): Promise<Blob> {
  if (size === 'original') return convertImage(blob, format);
  try {
    return (await renderFrame(blob, size, MIME_OF[format], HD_QUALITY)).blob;
  } catch (err) {
    if (err instanceof UnsupportedFormatError) throw unsupportedFormat(format);
    throw err;
  }
}

/** The share sheet can take these files (phones and tablets with the Web Share API level 2). */
export function canShareFiles(files: File[]): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.canShare === 'function' &&
    navigator.canShare({ files })
  );
}

/** True when the seller closed the share sheet without choosing (not a failure). */
export const isShareCancelled = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

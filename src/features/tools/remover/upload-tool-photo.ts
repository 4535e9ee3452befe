// The background remover's upload: the photo prepared by the wizard's pipeline (a worker:
// HEIC read, camera orientation applied, at most 2048 px and ~1.2 MB — src/features/wizard/
// image) goes to bucket 'tool-images' at {userId}/{uuid}.{ext} (spec 2 §7 "Storage"), with
// the bytes' progress reported as they leave.
//
// The PUT with progress is the wizard's too (lib/signed-upload.ts); the wizard also records an
// uploaded_files row, the tools' bucket needs none.
import type { AppSupabaseClient } from '../../../lib/supabase.ts';
import { putSignedUpload, type UploadProgress as ByteProgress } from '../../../lib/signed-upload.ts';
import { TOOL_IMAGES_BUCKET } from '../api.ts';

export type { UploadProgress as ByteProgress } from '../../../lib/signed-upload.ts';

export const toolPhotoPath = (userId: string, mimeType: string, id: string = crypto.randomUUID()) =>
  `${userId}/${id}.${mimeType === 'image/webp' ? 'webp' : mimeType === 'image/png' ? 'png' : 'jpg'}`;

/** Stores the prepared photo; resolves to its object name. */
export async function uploadToolPhoto(
  client: AppSupabaseClient,
  input: { userId: string; blob: Blob; mimeType: string },
  onProgress: (p: ByteProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  const path = toolPhotoPath(input.userId, input.mimeType);
  const { data, error } = await client.storage.from(TOOL_IMAGES_BUCKET).createSignedUploadUrl(path);
  if (error) throw error;
  await putSignedUpload(data.signedUrl, input.blob, input.mimeType, onProgress, signal);
  return path;
}

// A prepared photo into bucket 'uploads' at {userId}/{timestamp}-{filename} and its
// uploaded_files row (spec 2 §3, §7 "Storage"). The bytes go through a signed upload URL
// (lib/signed-upload.ts, with progress); a row that cannot be written takes its object away
// again, so storage never keeps a photo nobody records.
import type { AppSupabaseClient } from '../supabase.ts';
import { putSignedUpload, type UploadProgress } from '../signed-upload.ts';

export { UploadNetworkError, UploadRefusedError, type UploadProgress } from '../signed-upload.ts';

export const UPLOADS_BUCKET = 'uploads';

export const objectPath = (userId: string, fileName: string, now = Date.now()) =>
  `${userId}/${now}-${fileName}`;

export interface UploadInput {
  userId: string;
  blob: Blob;
  fileName: string;
  mimeType: string;
}

/** Stores the photo and records it; resolves to its object name. */
export async function uploadPhotoFile(
  client: AppSupabaseClient,
  input: UploadInput,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  const path = objectPath(input.userId, input.fileName);
  const bucket = client.storage.from(UPLOADS_BUCKET);
  const { data, error } = await bucket.createSignedUploadUrl(path);
  if (error) throw error;
  await putSignedUpload(data.signedUrl, input.blob, input.mimeType, onProgress, signal);
  const publicUrl = bucket.getPublicUrl(path).data.publicUrl;
  const { error: rowError } = await client.from('uploaded_files').insert({
    user_id: input.userId,
    file_name: input.fileName,
    file_path: path,
    file_size: input.blob.size,
    mime_type: input.mimeType,
    public_url: publicUrl,
  });
  if (rowError) {
    await bucket.remove([path]);
    throw rowError;
  }
  return path;
}

/** Removes a stored photo and its uploaded_files row (spec 1 §2 exit warning). */
export async function removeUploadedFile(client: AppSupabaseClient, path: string): Promise<void> {
  const { error } = await client.storage.from(UPLOADS_BUCKET).remove([path]);
  if (error) throw error;
  const { error: rowError } = await client.from('uploaded_files').delete().eq('file_path', path);
  if (rowError) throw rowError;
}

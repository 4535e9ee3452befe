// A prepared photo into bucket 'uploads' at {userId}/{timestamp}-{filename} and its
// uploaded_files row (spec 2 §3, §7 "Storage"). The bytes go through a signed upload URL with
// XMLHttpRequest, the one browser API that reports upload progress; a row that cannot be
// written takes its object away again, so storage never keeps a photo nobody records.
import type { AppSupabaseClient } from '../../lib/supabase.ts';

export const UPLOADS_BUCKET = 'uploads';

export const objectPath = (userId: string, fileName: string, now = Date.now()) =>
  `${userId}/${now}-${fileName}`;

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The request never got an answer (offline, or the connection dropped). */
export class UploadNetworkError extends TypeError {
  constructor() {
    super('Failed to fetch');
    this.name = 'TypeError';
  }
}

/** Storage answered with an error ({statusCode, error, message}). */
export class UploadRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly statusCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'StorageApiError';
  }
}

function put(
  url: string,
  blob: Blob,
  contentType: string,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.setRequestHeader('Cache-Control', 'max-age=3600');
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.upload.onprogress = (e) =>
      onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : blob.size });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress({ loaded: blob.size, total: blob.size });
        resolve();
        return;
      }
      let body: { statusCode?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      reject(
        new UploadRefusedError(
          xhr.status,
          String(body.statusCode ?? xhr.status),
          body.message ?? `Upload failed (${xhr.status})`,
        ),
      );
    };
    xhr.onerror = () => reject(new UploadNetworkError());
    xhr.ontimeout = () => reject(new UploadNetworkError());
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(blob);
  });
}

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
  await put(data.signedUrl, input.blob, input.mimeType, onProgress, signal);
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

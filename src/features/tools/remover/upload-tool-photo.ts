// The background remover's upload: the photo prepared by the wizard's pipeline (a worker:
// HEIC read, camera orientation applied, at most 2048 px and ~1.2 MB — src/features/wizard/
// image) goes to bucket 'tool-images' at {userId}/{uuid}.{ext} (spec 2 §7 "Storage"), with
// the bytes' progress reported as they leave.
//
// Adapter: the wizard's upload (src/features/wizard/upload.ts) writes to bucket 'uploads'
// with an uploaded_files row and keeps its XMLHttpRequest PUT to itself; this is the same
// signed-URL PUT for the tools' bucket. When the wizard exports its PUT, use it here.
import type { AppSupabaseClient } from '../../../lib/supabase.ts';
import { TOOL_IMAGES_BUCKET } from '../api.ts';

export interface ByteProgress {
  loaded: number;
  total: number;
}

/** Storage refused the upload ({statusCode, message}); described by its status. */
export class ToolUploadRefused extends Error {
  constructor(
    readonly status: number,
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
  onProgress: (p: ByteProgress) => void,
  signal?: AbortSignal,
) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
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
        new ToolUploadRefused(
          Number(body.statusCode ?? xhr.status),
          body.message ?? `Upload failed (${xhr.status})`,
        ),
      );
    };
    // supabase-js words for a request that got no answer (isNetworkError knows them)
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.ontimeout = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(blob);
  });
}

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
  await put(data.signedUrl, input.blob, input.mimeType, onProgress, signal);
  return path;
}

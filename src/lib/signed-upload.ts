// A file's bytes into storage through a signed upload URL (createSignedUploadUrl), with
// XMLHttpRequest: the one browser API that reports upload progress. Used by the wizard's photo
// upload and the background remover's. Like the Supabase clients' requests, each upload tells
// `connectivity` whether the backend answered.
import { connectivity } from './connectivity.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The request never got an answer (offline, or the connection dropped): supabase-js's words
 *  for it, which isNetworkError knows. */
export class UploadNetworkError extends TypeError {
  constructor() {
    super('Failed to fetch');
    this.name = 'TypeError';
  }
}

/** Storage refused the upload ({statusCode, message}); `status` is its statusCode as a number
 *  (the HTTP status when the body has none), which the error words are chosen by. */
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

export function putSignedUpload(
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
      connectivity.requestSucceeded();
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
      const statusCode = String(body.statusCode ?? xhr.status);
      reject(
        new UploadRefusedError(
          Number(statusCode) || xhr.status,
          statusCode,
          body.message ?? `Upload failed (${xhr.status})`,
        ),
      );
    };
    const noAnswer = () => {
      const err = new UploadNetworkError();
      connectivity.requestFailed(err);
      reject(err);
    };
    xhr.onerror = noAnswer;
    xhr.ontimeout = noAnswer;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(blob);
  });
}

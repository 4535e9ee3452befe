// A fix request reaches its workflow with the annotated image as a PNG data URL (spec 1 §3:
// fix request {projectId, annotated image as PNG data URL, description, userEmail, userId,
// timestamp}). The database stores the drawing's object name in bucket fix-drawings
// (annotatedImage); at delivery it is read with the service role and inlined. A drawing that
// no longer exists (the fix or project was deleted meanwhile) is sent as null; any other
// failure to read it keeps the notice for a retry.
import { PrepareError, type DueNotice } from './deliver.ts';

export const FIX_DRAWINGS_BUCKET = 'fix-drawings';

export type ReadObject = (
  bucket: string,
  name: string,
) => Promise<{ bytes: Uint8Array; contentType: string } | null>;

/** base64 without Buffer (runs under Deno and Node alike). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

export function fixRequestPreparer(read: ReadObject) {
  return async (notice: DueNotice): Promise<unknown> => {
    const payload = notice.payload as Record<string, unknown> | null;
    if (notice.kind !== 'fix_request' || !payload || typeof payload.annotatedImage !== 'string')
      return notice.payload;
    const name = payload.annotatedImage;
    if (name.startsWith('data:')) return payload;
    let object: Awaited<ReturnType<ReadObject>>;
    try {
      object = await read(FIX_DRAWINGS_BUCKET, name);
    } catch (err) {
      throw new PrepareError(
        `drawing ${name} unreadable: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const annotatedImage = object
      ? `data:${object.contentType || 'image/png'};base64,${toBase64(object.bytes)}`
      : null;
    return { ...payload, annotatedImage, annotatedImagePath: name };
  };
}

// Many files saved as one ZIP, made in the browser (a project's images, a batch's results).
// client-zip streams the archive: each entry's bytes are loaded only when the archive reaches
// it and let go once written, so memory holds one file at a time, not the whole catalogue.
// Entries are stored, not deflated — the images are PNG / JPG / WebP, already compressed.
import { makeZip } from 'client-zip';
import { safeFileStem, uniqueFileNames } from './safe-file-name.ts';
import { saveFile } from './save-file.ts';

export interface ZipEntry {
  /** the file's name in the archive; made safe and unique ("Dress (2).png") */
  name: string;
  /** its bytes, asked for when the archive reaches it (with the archive's abort signal) */
  load: (signal?: AbortSignal) => Promise<Blob>;
}

export interface ZipOptions {
  /** entries written so far, and how many there are (called with 0 first) */
  onProgress?(done: number, total: number): void;
  /** stops the archive between or during entries; the promise rejects with the signal's reason */
  signal?: AbortSignal;
}

/** The archive's file name: safe, ending in .zip. */
export function zipFileName(name: string): string {
  return `${safeFileStem(name.replace(/\.zip$/i, ''), 'Drape images')}.zip`;
}

/** The ZIP of these entries, as a Blob (loaded one at a time, in order). */
export async function makeZipBlob(entries: ZipEntry[], options: ZipOptions = {}): Promise<Blob> {
  const { onProgress, signal } = options;
  signal?.throwIfAborted();
  const names = uniqueFileNames(
    entries.map((e) => e.name),
    'file',
  );
  const total = entries.length;
  const lastModified = new Date();
  async function* files() {
    onProgress?.(0, total);
    for (let i = 0; i < total; i++) {
      signal?.throwIfAborted();
      const input = await untilAborted(entries[i].load(signal), signal);
      yield { name: names[i], input, lastModified };
      // the archive asks for the next entry only once this one is written
      onProgress?.(i + 1, total);
    }
  }
  const blob = await new Response(makeZip(files(), { buffersAreUTF8: true })).blob();
  signal?.throwIfAborted();
  return new Blob([blob], { type: 'application/zip' });
}

/** Makes the ZIP and saves it through the browser's downloads; resolves with the archive. */
export async function saveZip(zipName: string, entries: ZipEntry[], options: ZipOptions = {}): Promise<Blob> {
  const blob = await makeZipBlob(entries, options);
  saveFile(blob, zipFileName(zipName));
  return blob;
}

/** The promise, or the signal's reason as soon as it aborts (a load that ignores the signal). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

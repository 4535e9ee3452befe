// Object bytes on disk, laid out like Supabase Storage's file backend:
//   {root}/{bucket}/{name}/{version}
// Every write goes to a new version file (first into {root}/.tmp, then renamed into
// place inside the database transaction that records that version), so the row always
// points at a complete file; the file of a replaced or removed version is deleted only
// after the transaction that dropped it has committed.
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ERR, errorCode } from './errors.ts';

export interface FileStore {
  root: string;
  /** a fresh path in the temp folder (same file system, so rename is atomic) */
  tempPath(): string;
  versionPath(bucket: string, name: string, version: string): string;
  /** moves a finished temp file to its version path */
  place(temp: string, bucket: string, name: string, version: string): Promise<string>;
  /** deletes a version file and anything derived from it (rendered images); never throws */
  removeVersion(bucket: string, name: string, version: string | null): Promise<void>;
  /** opens a version for reading; the handle stays valid even if the file is removed */
  open(bucket: string, name: string, version: string): Promise<fs.FileHandle>;
  removeQuietly(file: string): Promise<void>;
}

export async function createFileStore(root: string): Promise<FileStore> {
  const tmpDir = path.join(root, '.tmp');
  await fs.mkdir(tmpDir, { recursive: true });
  // Leftovers of a previous run that stopped mid-upload.
  for (const f of await fs.readdir(tmpDir)) await fs.rm(path.join(tmpDir, f), { force: true });

  function versionPath(bucket: string, name: string, version: string): string {
    const bucketDir = path.resolve(root, bucket);
    const file = path.resolve(bucketDir, ...name.split('/'), version);
    // Names are checked in keys.ts; this is the last line of defence.
    if (path.dirname(bucketDir) !== path.resolve(root) || !file.startsWith(bucketDir + path.sep)) {
      throw ERR.invalidKey(name);
    }
    return file;
  }

  async function removeQuietly(file: string) {
    await fs.rm(file, { force: true }).catch(() => {});
  }

  return {
    root,
    tempPath: () => path.join(tmpDir, randomUUID()),
    versionPath,
    async place(temp, bucket, name, version) {
      const dest = versionPath(bucket, name, version);
      for (let attempt = 0; ; attempt++) {
        await fs.mkdir(path.dirname(dest), { recursive: true });
        try {
          await fs.rename(temp, dest);
          return dest;
        } catch (err) {
          // a concurrent removal pruned the empty folder between mkdir and rename
          if (errorCode(err) !== 'ENOENT' || attempt >= 2) throw err;
        }
      }
    },
    async removeVersion(bucket, name, version) {
      if (!version) return;
      let file: string;
      try {
        file = versionPath(bucket, name, version);
      } catch {
        return;
      }
      const dir = path.dirname(file);
      const derived = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) =>
        f.startsWith(`${version}.`),
      );
      await Promise.all([file, ...derived.map((f) => path.join(dir, f))].map(removeQuietly));
      await pruneEmptyDirs(dir, path.resolve(root, bucket));
    },
    open(bucket, name, version) {
      return fs.open(versionPath(bucket, name, version), 'r');
    },
    removeQuietly,
  };
}

/** Removes now-empty folders up to (not including) the bucket's folder. */
async function pruneEmptyDirs(dir: string, stop: string) {
  let current = dir;
  while (current.startsWith(stop + path.sep)) {
    try {
      await fs.rmdir(current);
    } catch {
      return;
    }
    current = path.dirname(current);
  }
}

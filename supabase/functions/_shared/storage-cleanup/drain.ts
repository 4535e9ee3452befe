// Removing the files whose rows were deleted (private.storage_cleanup, filled by triggers when
// projects, images and fixes are deleted): claim due items, remove them through the Storage
// API, report what was removed and what failed (it is tried again later with backoff).
// A folder item removes every object under it, at any depth.

export interface CleanupItem {
  id: number;
  bucket: string;
  name: string;
  is_folder: boolean;
}

export interface CleanupQueue {
  claim(max: number, onlyUser: string | null): Promise<CleanupItem[]>;
  finish(removed: number[], failed: { id: number; error: string }[]): Promise<void>;
}

export interface ObjectStorage {
  /** names of the objects directly under a folder, and its subfolders */
  list(bucket: string, folder: string): Promise<{ files: string[]; folders: string[] }>;
  /** removes the named objects; a name that does not exist is not an error */
  remove(bucket: string, names: string[]): Promise<void>;
}

export interface DrainResult {
  claimed: number;
  removedObjects: number;
  failed: number;
}

const REMOVE_BATCH = 100;

/** Every object under a folder, depth first (bounded, so a runaway tree cannot loop forever). */
async function objectsUnder(
  storage: ObjectStorage,
  bucket: string,
  folder: string,
  depth = 0,
): Promise<string[]> {
  if (depth > 8) return [];
  const { files, folders } = await storage.list(bucket, folder);
  const out = files.map((f) => `${folder}/${f}`);
  for (const sub of folders)
    out.push(...(await objectsUnder(storage, bucket, `${folder}/${sub}`, depth + 1)));
  return out;
}

export async function drainStorageCleanup(
  queue: CleanupQueue,
  storage: ObjectStorage,
  opts: { max?: number; onlyUser?: string | null } = {},
): Promise<DrainResult> {
  const items = await queue.claim(opts.max ?? 200, opts.onlyUser ?? null);
  const removed: number[] = [];
  const failed: { id: number; error: string }[] = [];
  let removedObjects = 0;

  // plain names, grouped by bucket: one remove call per bucket and batch
  const byBucket = new Map<string, CleanupItem[]>();
  for (const item of items.filter((i) => !i.is_folder)) {
    byBucket.set(item.bucket, [...(byBucket.get(item.bucket) ?? []), item]);
  }
  for (const [bucket, group] of byBucket) {
    for (let at = 0; at < group.length; at += REMOVE_BATCH) {
      const batch = group.slice(at, at + REMOVE_BATCH);
      try {
        await storage.remove(
          bucket,
          batch.map((i) => i.name),
        );
        removed.push(...batch.map((i) => i.id));
        removedObjects += batch.length;
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        failed.push(...batch.map((i) => ({ id: i.id, error })));
      }
    }
  }

  for (const item of items.filter((i) => i.is_folder)) {
    try {
      const names = await objectsUnder(storage, item.bucket, item.name);
      for (let at = 0; at < names.length; at += REMOVE_BATCH) {
        await storage.remove(item.bucket, names.slice(at, at + REMOVE_BATCH));
      }
      removed.push(item.id);
      removedObjects += names.length;
    } catch (err) {
      failed.push({ id: item.id, error: err instanceof Error ? err.message : String(err) });
    }
  }

  if (items.length > 0) await queue.finish(removed, failed);
  return { claimed: items.length, removedObjects, failed: failed.length };
}

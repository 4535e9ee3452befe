import { describe, expect, it } from 'vitest';
import { drainStorageCleanup, type CleanupItem, type ObjectStorage } from './drain.ts';

/** Objects in memory: bucket → set of names. */
function memoryStorage(
  objects: Record<string, string[]>,
  failBucket?: string,
): ObjectStorage & { left: Record<string, Set<string>> } {
  const left = Object.fromEntries(Object.entries(objects).map(([b, names]) => [b, new Set(names)]));
  return {
    left,
    async list(bucket, folder) {
      const files = new Set<string>();
      const folders = new Set<string>();
      for (const name of left[bucket] ?? []) {
        if (!name.startsWith(`${folder}/`)) continue;
        const rest = name.slice(folder.length + 1).split('/');
        (rest.length === 1 ? files : folders).add(rest[0]);
      }
      return { files: [...files], folders: [...folders] };
    },
    async remove(bucket, names) {
      if (bucket === failBucket) throw new Error(`${bucket} is down`);
      for (const n of names) left[bucket]?.delete(n);
    },
  };
}

function queue(items: CleanupItem[]) {
  const finished: { removed: number[]; failed: { id: number; error: string }[] }[] = [];
  return {
    finished,
    claim: async () => items,
    finish: async (removed: number[], failed: { id: number; error: string }[]) =>
      void finished.push({ removed, failed }),
  };
}

describe('drainStorageCleanup', () => {
  it('removes named objects and everything under a folder, at any depth', async () => {
    const storage = memoryStorage({
      generated: ['u/p/a.png', 'u/p/b.png', 'u/p/retry/c.png', 'u/other/d.png'],
      uploads: ['u/1-shirt.png', 'u/2-keep.png'],
    });
    const q = queue([
      { id: 1, bucket: 'uploads', name: 'u/1-shirt.png', is_folder: false },
      { id: 2, bucket: 'generated', name: 'u/p', is_folder: true },
    ]);
    const result = await drainStorageCleanup(q, storage);
    expect(result).toEqual({ claimed: 2, removedObjects: 4, failed: 0 });
    expect([...storage.left.generated]).toEqual(['u/other/d.png']);
    expect([...storage.left.uploads]).toEqual(['u/2-keep.png']);
    expect(q.finished).toEqual([{ removed: [1, 2], failed: [] }]);
  });

  it('reports the items of a bucket that failed, and finishes the others', async () => {
    const storage = memoryStorage({ videos: ['u/p/v.mp4'], watermarked: ['u/p/a.png'] }, 'videos');
    const q = queue([
      { id: 7, bucket: 'videos', name: 'u/p/v.mp4', is_folder: false },
      { id: 8, bucket: 'watermarked', name: 'u/p/a.png', is_folder: false },
    ]);
    const result = await drainStorageCleanup(q, storage);
    expect(result).toEqual({ claimed: 2, removedObjects: 1, failed: 1 });
    expect(q.finished).toEqual([{ removed: [8], failed: [{ id: 7, error: 'videos is down' }] }]);
  });

  it('does not report an empty claim', async () => {
    const q = queue([]);
    expect(await drainStorageCleanup(q, memoryStorage({}))).toEqual({
      claimed: 0,
      removedObjects: 0,
      failed: 0,
    });
    expect(q.finished).toEqual([]);
  });
});

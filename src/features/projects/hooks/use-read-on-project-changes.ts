// Other screens' queries that follow the seller's projects, read again through the shell's one
// `projects` channel (useProjectRowsLive) instead of a second channel on the same table and
// filter: /home's figures and recent activity opened `dashboard-projects:<uid>` beside the
// shell's `projects:<uid>`, two subscriptions for one stream of changes.
import { useEffect } from 'react';
import { hashKey, type QueryKey } from '@tanstack/react-query';

const readers = new Map<string, { key: QueryKey; screens: number }>();

/** The queries the screens shown now read again on a project change (and when the channel joins). */
export function projectChangeReaders(): QueryKey[] {
  return [...readers.values()].map((r) => r.key);
}

/** While the calling screen is shown, `keys` are read again whenever the seller's projects change. */
export function useReadOnProjectChanges(keys: readonly QueryKey[]) {
  const hashes = keys.map((key) => hashKey(key));
  const id = hashes.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys are compared by their hashes
  useEffect(() => {
    keys.forEach((key, i) => {
      const reader = readers.get(hashes[i]);
      if (reader) reader.screens += 1;
      else readers.set(hashes[i], { key, screens: 1 });
    });
    return () => {
      for (const hash of hashes) {
        const reader = readers.get(hash);
        if (reader && --reader.screens === 0) readers.delete(hash);
      }
    };
  }, [id]);
}

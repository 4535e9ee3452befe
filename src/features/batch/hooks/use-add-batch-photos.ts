// Choosing photos for a batch: each goes through the wizard's preparation (HEIC, EXIF rotation,
// downscale in a worker), one after the other, is kept in Dexie and queued for upload at once.
// A file that cannot be used is listed with its reason; photos over the batch's limit are left
// out, saying so.
import { useCallback, useState } from 'react';
import { askPersistentStorage } from '../../../lib/db/index.ts';
import { useUser } from '../../auth/index.ts';
import type { PhotoProblem } from '../../../lib/photos/inspect.ts';
import { PrepareError, preparePhoto } from '../../../lib/photos/prepare-photo.ts';
import { MAX_BATCH_PHOTOS, nameFromFile } from '../model/batch-draft.ts';
import { BATCH, batchStore } from '../store/batch-store.ts';
import { batchUploads } from '../store/batch-uploads.ts';

export interface RefusedPhoto {
  fileName: string;
  problem: PhotoProblem;
  width?: number;
  height?: number;
}

export function useAddBatchPhotos() {
  const user = useUser();
  const [preparing, setPreparing] = useState<{ done: number; total: number } | null>(null);
  const [refused, setRefused] = useState<RefusedPhoto[]>([]);
  const [leftOut, setLeftOut] = useState(0);

  const addFiles = useCallback(
    async (files: File[]) => {
      if (files.length === 0 || preparing) return;
      const room = MAX_BATCH_PHOTOS - (batchStore.peek(user.id, BATCH)?.items.length ?? 0);
      const taken = files.slice(0, Math.max(room, 0));
      setLeftOut(files.length - taken.length);
      setRefused([]);
      if (taken.length === 0) return;
      setPreparing({ done: 0, total: taken.length });
      const problems: RefusedPhoto[] = [];
      for (const [n, file] of taken.entries()) {
        try {
          const prepared = await preparePhoto(file);
          const id = crypto.randomUUID();
          await batchStore.putPhoto(user.id, id, prepared.blob);
          void askPersistentStorage();
          batchStore.dispatch(user.id, BATCH, {
            type: 'addItems',
            items: [
              {
                id,
                originalName: file.name,
                fileName: prepared.fileName,
                mimeType: prepared.mimeType,
                bytes: prepared.blob.size,
                sourceWidth: prepared.sourceWidth,
                sourceHeight: prepared.sourceHeight,
                garmentType: 'top',
                name: nameFromFile(file.name),
                upload: { state: 'queued', path: null, error: null },
                addedAt: Date.now(),
              },
            ],
          });
          batchUploads.pump(user.id);
        } catch (err) {
          problems.push({
            fileName: file.name,
            problem: err instanceof PrepareError ? err.problem : 'unreadable',
            width: err instanceof PrepareError ? err.size?.width : undefined,
            height: err instanceof PrepareError ? err.size?.height : undefined,
          });
        }
        setPreparing({ done: n + 1, total: taken.length });
      }
      setRefused(problems);
      setPreparing(null);
    },
    [user.id, preparing],
  );

  const dismiss = () => {
    setRefused([]);
    setLeftOut(0);
  };
  return { addFiles, preparing, refused, leftOut, dismiss };
}

// Choosing a photo: one per generation, checked and prepared in a worker, its bytes kept in
// Dexie with the draft, then uploaded (or queued until the connection returns). A refused
// file is stored nowhere.
import { useCallback, useState } from 'react';
import { askPersistentStorage } from '../../../lib/db/index.ts';
import { useUser } from '../../auth/index.ts';
import type { PhotoProblem } from '../../../lib/photos/inspect.ts';
import { PrepareError, preparePhoto } from '../../../lib/photos/prepare-photo.ts';
import { MAX_PHOTOS } from '../model/draft.ts';
import type { Flow } from '../model/steps.ts';
import { draftStore } from '../store/draft-store.ts';
import { uploadManager } from '../store/upload-manager.ts';

export type AddPhotoNotice =
  | { kind: 'problem'; problem: PhotoProblem; fileName: string; width?: number; height?: number }
  | { kind: 'one-photo' };

export function useAddPhoto(flow: Flow) {
  const user = useUser();
  const [preparing, setPreparing] = useState<string | null>(null);
  const [notice, setNotice] = useState<AddPhotoNotice | null>(null);

  const addFiles = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      const existing = draftStore.peek(user.id, flow)?.photos.length ?? 0;
      if (existing >= MAX_PHOTOS || preparing) {
        setNotice({ kind: 'one-photo' });
        return;
      }
      const [file] = files;
      setNotice(files.length > 1 ? { kind: 'one-photo' } : null);
      setPreparing(file.name);
      try {
        const prepared = await preparePhoto(file);
        const id = crypto.randomUUID();
        await draftStore.putPhoto(user.id, id, prepared.blob);
        // the draft's bytes are the seller's only copy until uploaded: keep them from eviction
        void askPersistentStorage();
        draftStore.dispatch(user.id, flow, {
          type: 'addPhoto',
          photo: {
            id,
            originalName: file.name,
            fileName: prepared.fileName,
            mimeType: prepared.mimeType,
            bytes: prepared.blob.size,
            width: prepared.width,
            height: prepared.height,
            sourceWidth: prepared.sourceWidth,
            sourceHeight: prepared.sourceHeight,
            sourceBytes: prepared.sourceBytes,
            sourceType: prepared.sourceKind,
            garmentType: null,
            lowResolutionAccepted: false,
            upload: { state: 'queued', path: null, error: null },
            addedAt: Date.now(),
          },
        });
        uploadManager.retry(user.id, id);
      } catch (err) {
        const problem = err instanceof PrepareError ? err.problem : 'unreadable';
        const size = err instanceof PrepareError ? err.size : undefined;
        setNotice({
          kind: 'problem',
          problem,
          fileName: file.name,
          width: size?.width,
          height: size?.height,
        });
      } finally {
        setPreparing(null);
      }
    },
    [user.id, flow, preparing],
  );

  return { addFiles, preparing, notice, clearNotice: () => setNotice(null) };
}

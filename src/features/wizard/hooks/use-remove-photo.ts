import { useCallback, useState } from 'react';
import { useUser } from '../../auth/index.ts';
import type { WizardPhoto } from '../model/draft.ts';
import type { Flow } from '../model/steps.ts';
import { draftStore } from '../store/draft-store.ts';
import { uploadManager } from '../store/upload-manager.ts';

/** Removes a photo from the draft, and its stored copy from storage and uploaded_files
 *  (at once, or when the connection returns). */
export function useRemovePhoto(flow: Flow) {
  const user = useUser();
  const [failed, setFailed] = useState(false);
  const remove = useCallback(
    async (photo: WizardPhoto): Promise<boolean> => {
      setFailed(false);
      uploadManager.cancel(photo.id);
      if (photo.upload.state === 'uploaded' && photo.upload.path) {
        try {
          await uploadManager.discard(user.id, photo.upload.path);
        } catch {
          setFailed(true);
          return false;
        }
      }
      draftStore.dispatch(user.id, flow, { type: 'removePhoto', photoId: photo.id });
      return true;
    },
    [user.id, flow],
  );
  return { remove, failed };
}

// The wizard's photos in the app's upload queue (lib/uploads): every flow's draft photo of the
// user, oldest first.
import { outbox } from '../../../lib/uploads/outbox.ts';
import { UploadQueue, type UploadSource } from '../../../lib/uploads/upload-queue.ts';
import { supabase } from '../../../lib/supabase.ts';
import { FLOWS, type Flow } from '../model/steps.ts';
import { draftStore, type WizardDraftStore } from './draft-store.ts';

export function wizardUploads(store: WizardDraftStore): UploadSource {
  const flowOf = (userId: string, photoId: string): Flow | undefined =>
    FLOWS.find((flow) => store.peek(userId, flow)?.photos.some((p) => p.id === photoId));
  return {
    photos: (userId) => FLOWS.flatMap((flow) => store.peek(userId, flow)?.photos ?? []),
    update: (userId, photoId, upload) => {
      const flow = flowOf(userId, photoId);
      if (flow) store.dispatch(userId, flow, { type: 'updateUpload', photoId, upload });
    },
    bytes: (photoId) => store.getPhoto(photoId),
  };
}

export const uploadManager = new UploadQueue({
  client: async () => supabase,
  source: wizardUploads(draftStore),
  outbox,
});

// The batch's photos in the app's upload queue (lib/uploads), three at a time, oldest first.
import { supabase } from '../../../lib/supabase.ts';
import { outbox } from '../../../lib/uploads/outbox.ts';
import { UploadQueue, type UploadSource } from '../../../lib/uploads/upload-queue.ts';
import { BATCH, batchStore, type BatchStore } from './batch-store.ts';

export function batchUploadSource(store: BatchStore): UploadSource {
  return {
    photos: (userId) => store.peek(userId, BATCH)?.items ?? [],
    update: (userId, itemId, upload) =>
      store.dispatch(userId, BATCH, { type: 'updateUpload', itemId, upload }),
    bytes: (itemId) => store.getPhoto(itemId),
    // the item's id keeps two photos of the same name apart in one millisecond
    objectName: (item) => `${item.id.slice(0, 8)}-${item.fileName}`,
  };
}

export const batchUploads = new UploadQueue({
  client: async () => supabase,
  source: batchUploadSource(batchStore),
  outbox,
});

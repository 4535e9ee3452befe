import { useUser } from '../../auth/index.ts';
import { useStoredDraft, useStoredPhotoUrl } from '../../../lib/drafts/use-draft.ts';
import {
  useUploadProgress as useQueueProgress,
  useUploadPump as useQueuePump,
} from '../../../lib/uploads/use-upload-queue.ts';
import { emptyDraft, type Draft } from '../model/draft.ts';
import type { WizardAction } from '../model/reducer.ts';
import type { Flow } from '../model/steps.ts';
import { draftStore } from '../store/draft-store.ts';
import { uploadManager } from '../store/upload-manager.ts';

const EMPTY: Record<Flow, Draft> = {
  'on-model': emptyDraft('on-model'),
  'flat-lay': emptyDraft('flat-lay'),
  mannequin: emptyDraft('mannequin'),
};

/** The flow's draft (loaded by the route before the page shows) and its dispatch. */
export function useDraft(flow: Flow): [Draft, (action: WizardAction) => void] {
  return useStoredDraft(draftStore, useUser().id, flow, EMPTY[flow]);
}

/** Bytes sent of a photo's upload in flight. */
export const useUploadProgress = (photoId: string) => useQueueProgress(uploadManager, photoId);

/** Queued uploads and removals go out while a wizard is open. */
export const useUploadPump = () => useQueuePump(uploadManager, useUser().id);

/** An object URL for a stored photo's bytes, revoked when no longer shown. */
export const usePhotoUrl = (photoId: string | undefined) => useStoredPhotoUrl(draftStore, photoId);

// The wizard's drafts, one per user and flow, kept by the app's draft store (lib/drafts): rows in
// Dexie's `drafts` table keyed [userId+flow], read through readStoredDraft (versioned), changed
// by the wizard's reducer. Each change keeps the shell's uploads-waiting mark in step.
import { appDb, type AppDb } from '../../../lib/db/index.ts';
import { DraftStore, hasWaitingUpload, type DraftKind } from '../../../lib/drafts/draft-store.ts';
import { markUploadsWaiting } from '../../../lib/uploads/upload-hint.ts';
import { emptyDraft, readStoredDraft, type Draft } from '../model/draft.ts';
import { wizardReducer, type WizardAction } from '../model/reducer.ts';
import type { Flow } from '../model/steps.ts';

export const wizardDrafts: DraftKind<Draft, WizardAction, Flow> = {
  table: (db) => db.drafts,
  key: (userId, flow) => [userId, flow],
  row: (userId, flow, draft) => ({ userId, flow, draft, updatedAt: draft.updatedAt }),
  read: readStoredDraft,
  // a new run keeps the gender of the one before
  empty: (flow, previous) => emptyDraft(flow, previous?.gender),
  reduce: wizardReducer,
  photos: (draft) => draft.photos,
  removePhoto: (draft, photoId) => wizardReducer(draft, { type: 'removePhoto', photoId }),
  changed: (userId, flow, draft) => markUploadsWaiting(userId, flow, hasWaitingUpload(draft.photos)),
};

export type WizardDraftStore = DraftStore<Draft, WizardAction, Flow>;

export const wizardDraftStore = (db: () => AppDb): WizardDraftStore => new DraftStore(wizardDrafts, db);

export const draftStore = wizardDraftStore(appDb);

// The batch being put together, as it is kept (in Dexie, so a reload, a closed tab or a lost
// connection resumes it): its photos (bytes stored beside, keyed by photo id), each with its
// garment type, name and upload, and the choices made once for all of them — a wizard draft
// without photos, changed by the wizard's own reducer, so the catalogue cards and their rules
// are the wizard's. `version` lets a later build read an older draft.
import { z } from 'zod';
import { versionedReader } from '../../../lib/drafts/versioned.ts';
import type { Flow } from '../../wizard/index.ts';
import { GARMENT_TYPES, emptyDraft, readStoredDraft, type Draft } from '../../wizard/components.ts';

export const BATCH_DRAFT_VERSION = 1;
/** At most this many photos per batch (public.start_batch refuses more). */
export const MAX_BATCH_PHOTOS = 50;
/** Longest project name (public.projects). */
export const MAX_NAME_LENGTH = 120;

const itemSchema = z.object({
  id: z.string().min(1),
  /** the name as the seller's device gave it */
  originalName: z.string(),
  /** the prepared file's name, used in the object name */
  fileName: z.string().min(1),
  mimeType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  bytes: z.number().int().nonnegative(),
  sourceWidth: z.number().int().positive(),
  sourceHeight: z.number().int().positive(),
  garmentType: z.enum(GARMENT_TYPES),
  /** the project's name (from the file name, editable) */
  name: z.string(),
  upload: z.object({
    state: z.enum(['queued', 'uploading', 'uploaded', 'failed']),
    /** object name in bucket 'uploads' once stored */
    path: z.string().nullable(),
    error: z.string().nullable(),
  }),
  addedAt: z.number(),
});
export type BatchItem = z.infer<typeof itemSchema>;

const batchDraftSchema = z.object({
  version: z.literal(BATCH_DRAFT_VERSION),
  items: z.array(itemSchema).max(MAX_BATCH_PHOTOS),
  /** the choices for all items: a wizard draft (flow = project type) without photos */
  choices: z.unknown(),
  /** the Start press whose answer is not known yet (start_batch serves an id once) */
  request: z.object({ id: z.string().min(1), fingerprint: z.string() }).nullable(),
  updatedAt: z.number(),
});
export type BatchDraft = Omit<z.infer<typeof batchDraftSchema>, 'choices'> & { choices: Draft };

export function emptyBatchDraft(flow: Flow = 'on-model'): BatchDraft {
  return { version: BATCH_DRAFT_VERSION, items: [], choices: emptyDraft(flow), request: null, updatedAt: 0 };
}

/** A stored record as a batch draft of this build, or null when it cannot be read. */
export function readBatchDraft(raw: unknown): BatchDraft | null {
  const parsed = readBatchRecord(raw);
  const choices = parsed && readStoredDraft(parsed.choices);
  return parsed && choices ? { ...parsed, choices } : null;
}

const readBatchRecord = versionedReader({ version: BATCH_DRAFT_VERSION, schema: batchDraftSchema });

/** The project name a file suggests: its name without the extension, tidied, at most 120 characters. */
export function nameFromFile(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return base.replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_NAME_LENGTH);
}

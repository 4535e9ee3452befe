// A wizard run as it is kept (in Dexie, so a reload or a lost connection resumes it): the
// flow, where the seller was, the photo (its bytes are stored beside, keyed by photo id),
// and the choices. One draft per flow. `version` lets a later build read an older draft.
import { z } from 'zod';
import { versionedReader } from '../../../lib/drafts/versioned.ts';
import { FLOWS, STEPS, type Flow } from './steps.ts';

export const DRAFT_VERSION = 2;

/** Custom model / custom background (spec 2 §3: special id 9999). */
export const CUSTOM_ID = 9999;
/** One product photo per generation (product decision; spec 2 §5). */
export const MAX_PHOTOS = 1;

export const GARMENT_TYPES = ['top', 'bottom', 'full'] as const;
export type GarmentType = (typeof GARMENT_TYPES)[number];
export const GENDERS = ['women', 'men'] as const;
export type Gender = (typeof GENDERS)[number];

export const UPLOAD_STATES = ['queued', 'uploading', 'uploaded', 'failed'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

const photoSchema = z.object({
  id: z.string().min(1),
  /** the name as the seller's device gave it */
  originalName: z.string(),
  /** the prepared file's name ({base}.jpg or .webp), used in the object name */
  fileName: z.string().min(1),
  mimeType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** the photo as taken, after EXIF orientation */
  sourceWidth: z.number().int().positive(),
  sourceHeight: z.number().int().positive(),
  sourceBytes: z.number().int().nonnegative(),
  sourceType: z.string(),
  garmentType: z.enum(GARMENT_TYPES).nullable(),
  /** below 500x500 and the seller chose 'Continue with this image' */
  lowResolutionAccepted: z.boolean(),
  upload: z.object({
    state: z.enum(UPLOAD_STATES),
    /** object name in bucket 'uploads' once stored: {userId}/{timestamp}-{filename} */
    path: z.string().nullable(),
    /** the last failure's code (shown as words by the screen) */
    error: z.string().nullable(),
  }),
  addedAt: z.number(),
});
export type WizardPhoto = z.infer<typeof photoSchema>;

export const draftSchema = z.object({
  version: z.literal(DRAFT_VERSION),
  flow: z.enum(FLOWS),
  step: z.enum(STEPS),
  photos: z.array(photoSchema).max(MAX_PHOTOS),
  /** flat-lay: a full outfit, or a top and a bottom, is present */
  outfitComplete: z.boolean(),
  modelId: z.number().int().nullable(),
  customModel: z.string().nullable(),
  /** (Advanced) a saved model of the seller's own (public.seller_models), instead of modelId */
  sellerModelId: z.string().min(1).nullable(),
  /** the saved model this draft had is deleted or no longer usable: the seller chooses again */
  sellerModelGone: z.boolean(),
  /** the chosen model's gender (custom model: the gender picked in the modal) */
  gender: z.enum(GENDERS),
  poseId: z.number().int().nullable(),
  backgroundId: z.number().int().nullable(),
  customBackground: z.string().nullable(),
  projectName: z.string().nullable(),
  /**
   * The Generate press whose answer is not known yet: its request id (start_generation serves
   * an id once) and the fingerprint of the choices it was made for. Kept until the server
   * answers, so a press after a lost answer asks again with the same id. (Added in version 1:
   * an older stored draft reads as none.)
   */
  request: z
    .object({ id: z.string().min(1), fingerprint: z.string() })
    .nullable()
    .default(null),
  updatedAt: z.number(),
});
export type Draft = z.infer<typeof draftSchema>;

export function emptyDraft(flow: Flow, gender: Gender = 'women'): Draft {
  return {
    version: DRAFT_VERSION,
    flow,
    step: 'upload',
    photos: [],
    outfitComplete: false,
    modelId: null,
    customModel: null,
    sellerModelId: null,
    sellerModelGone: false,
    gender,
    poseId: null,
    backgroundId: null,
    customBackground: null,
    projectName: null,
    request: null,
    updatedAt: 0,
  };
}

/**
 * A stored record as a draft of this build, or null when it cannot be read (a future
 * version, or damaged). Older versions are upgraded one step per version.
 */
export const readStoredDraft = versionedReader({
  version: DRAFT_VERSION,
  schema: draftSchema,
  upgrades: {
    // 1 → 2: saved models; a version 1 draft has none
    1: (record) => ({ ...record, sellerModelId: null, sellerModelGone: false }),
  },
});

export const isCustom = (id: number | null) => id === CUSTOM_ID;
/** The draft's model is a saved model of the seller's own. */
export const hasSellerModel = (draft: Pick<Draft, 'sellerModelId'>) => draft.sellerModelId !== null;
export const hasText = (text: string | null | undefined) => (text ?? '').trim().length > 0;

/** The most a custom model or background description holds (start_generation's limit). */
export const CUSTOM_TEXT_MAX = 500;

/** A custom description as the server takes it: one line (line breaks, tabs and other control
 *  characters become spaces, runs of spaces one), trimmed, at most CUSTOM_TEXT_MAX characters. */
export const customText = (text: string) =>
  text
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .slice(0, CUSTOM_TEXT_MAX);

// The wizard as a reducer over its draft (spec 2 §4 "Wizard selection", spec 1 §4
// "Selections and uploads"). Side effects (storage, uploads) live elsewhere; this only says
// what the draft becomes.
import { assignGarmentType } from './garments.ts';
import {
  CUSTOM_ID,
  emptyDraft,
  type Draft,
  type GarmentType,
  type Gender,
  type WizardPhoto,
} from './draft.ts';
import { MAX_PHOTOS } from './draft.ts';
import type { Step } from './steps.ts';

export type WizardAction =
  | { type: 'enterStep'; step: Step }
  | { type: 'addPhoto'; photo: WizardPhoto }
  | { type: 'updateUpload'; photoId: string; upload: Partial<WizardPhoto['upload']> }
  | { type: 'removePhoto'; photoId: string }
  | { type: 'setGarmentType'; photoId: string; garmentType: GarmentType }
  | { type: 'acceptLowResolution'; photoId: string }
  | { type: 'selectModel'; modelId: number; gender: Gender }
  | { type: 'setCustomModel'; text: string; gender: Gender }
  | { type: 'selectSellerModel'; sellerModelId: string; gender: Gender }
  | { type: 'sellerModelGone'; sellerModelId: string }
  | { type: 'selectPose'; poseId: number }
  | { type: 'selectBackground'; backgroundId: number }
  | { type: 'setCustomBackground'; text: string }
  | { type: 'rename'; name: string }
  | { type: 'setRequest'; request: Draft['request'] }
  | { type: 'reset' };

/** On-model's default background when none is set: 1, Original (spec 2 §4). */
export const ORIGINAL_BACKGROUND_ID = 1;

const noSellerModel = { sellerModelId: null, sellerModelGone: false } as const;

const clearSelections = (d: Draft): Draft => ({
  ...d,
  modelId: null,
  customModel: null,
  sellerModelId: null,
  sellerModelGone: false,
  poseId: null,
  backgroundId: null,
  customBackground: null,
});

export function wizardReducer(draft: Draft, action: WizardAction): Draft {
  switch (action.type) {
    case 'enterStep': {
      // A reload on the same step keeps its choices; arriving from another step applies
      // the step's entry rule.
      if (draft.step === action.step) return draft;
      const next = { ...draft, step: action.step };
      if (action.step === 'pose') return { ...next, poseId: null };
      if (action.step === 'background') {
        if (draft.flow === 'flat-lay') return { ...next, backgroundId: null };
        // on-model and mannequin: Original (the model photo's own background) unless one is chosen
        return { ...next, backgroundId: draft.backgroundId ?? ORIGINAL_BACKGROUND_ID };
      }
      return next;
    }
    case 'addPhoto':
      if (draft.photos.length >= MAX_PHOTOS) return draft;
      return { ...draft, photos: [...draft.photos, action.photo] };
    case 'updateUpload':
      return {
        ...draft,
        photos: draft.photos.map((p) =>
          p.id === action.photoId ? { ...p, upload: { ...p.upload, ...action.upload } } : p,
        ),
      };
    case 'removePhoto': {
      const photos = draft.photos.filter((p) => p.id !== action.photoId);
      if (photos.length === draft.photos.length) return draft;
      // removing an image resets the completeness flags; the last one clears the selections
      const next = { ...draft, photos, outfitComplete: false };
      return photos.length === 0 ? clearSelections(next) : next;
    }
    case 'setGarmentType': {
      const { photos, outfitComplete } = assignGarmentType(draft.photos, action.photoId, action.garmentType);
      return { ...draft, photos, outfitComplete };
    }
    case 'acceptLowResolution':
      return {
        ...draft,
        photos: draft.photos.map((p) =>
          p.id === action.photoId ? { ...p, lowResolutionAccepted: true } : p,
        ),
      };
    // one model at a time: a catalogue or custom model replaces a saved one, and the reverse
    case 'selectModel':
      return { ...draft, ...noSellerModel, modelId: action.modelId, gender: action.gender };
    case 'setCustomModel': {
      const text = action.text.trim();
      if (!text) return draft;
      return { ...draft, ...noSellerModel, modelId: CUSTOM_ID, customModel: text, gender: action.gender };
    }
    case 'selectSellerModel':
      return {
        ...draft,
        modelId: null,
        sellerModelId: action.sellerModelId,
        sellerModelGone: false,
        gender: action.gender,
      };
    case 'sellerModelGone':
      // only the model that went: a choice made since stays
      if (draft.sellerModelId !== action.sellerModelId) return draft;
      return { ...draft, sellerModelId: null, sellerModelGone: true };
    case 'selectPose':
      return { ...draft, poseId: action.poseId };
    case 'selectBackground':
      return { ...draft, backgroundId: action.backgroundId };
    case 'setCustomBackground': {
      const text = action.text.trim();
      if (!text) return draft;
      return { ...draft, backgroundId: CUSTOM_ID, customBackground: text };
    }
    case 'rename': {
      const name = action.name.trim();
      return { ...draft, projectName: name || null };
    }
    case 'setRequest':
      if (draft.request?.id === action.request?.id) return draft;
      return { ...draft, request: action.request };
    case 'reset':
      return emptyDraft(draft.flow, draft.gender);
  }
}

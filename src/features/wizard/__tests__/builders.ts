// Test builders for drafts and photos.
import { emptyDraft, type Draft, type WizardPhoto } from '../model/draft.ts';
import type { Flow } from '../model/steps.ts';

let seq = 0;

export function buildPhoto(overrides: Partial<WizardPhoto> = {}): WizardPhoto {
  seq += 1;
  return {
    id: `photo-${seq}`,
    originalName: 'IMG_0001.HEIC',
    fileName: 'img_0001.jpg',
    mimeType: 'image/jpeg',
    bytes: 612_000,
    width: 1536,
    height: 2048,
    sourceWidth: 3024,
    sourceHeight: 4032,
    sourceBytes: 2_400_000,
    sourceType: 'heic',
    garmentType: null,
    lowResolutionAccepted: false,
    upload: { state: 'uploaded', path: `user-1/1700000000000-img_0001.jpg`, error: null },
    addedAt: 1_700_000_000_000,
    ...overrides,
  };
}

export function buildDraft(flow: Flow = 'on-model', overrides: Partial<Draft> = {}): Draft {
  return { ...emptyDraft(flow), updatedAt: 1, ...overrides };
}

/** A draft with everything chosen up to and including `upTo`. */
export function draftUpTo(
  flow: Flow,
  upTo: 'upload' | 'models' | 'pose' | 'background',
  overrides: Partial<Draft> = {},
): Draft {
  const order = ['upload', 'models', 'pose', 'background'];
  const n = order.indexOf(upTo);
  return buildDraft(flow, {
    photos: [buildPhoto({ garmentType: flow === 'on-model' ? null : 'full' })],
    outfitComplete: flow === 'flat-lay',
    modelId: n >= 1 ? 3 : null,
    poseId: n >= 2 ? 1 : null,
    backgroundId: n >= 3 ? 5 : null,
    ...overrides,
  });
}

// What the wizard lets a seller do, and where a URL may land (spec 2 §2 "Wizard routes",
// §4 "Wizard selection", §5 "Uploads"). Pure functions of the draft; the screens and the
// route guard ask these.
import { isLowResolution } from '../../../lib/photos/limits.ts';
import { hasSellerModel, hasText, isCustom, type Draft, type WizardPhoto } from './draft.ts';
import { STEPS, stepIndex, takesGarmentType, type Flow, type Step } from './steps.ts';

/** The low-resolution question is still open for this photo. */
export const needsLowResolutionAnswer = (p: WizardPhoto) => isLowResolution(p) && !p.lowResolutionAccepted;

/** A photo the wizard can go on with: answered, and (flat-lay, mannequin) with a garment type. */
export function photoReady(flow: Flow, p: WizardPhoto): boolean {
  if (needsLowResolutionAnswer(p)) return false;
  if (takesGarmentType(flow) && p.garmentType === null) return false;
  return true;
}

/** Whether a step's selection exists (its Next button works). Summary is never "done". */
export function stepComplete(draft: Draft, step: Step): boolean {
  switch (step) {
    case 'upload':
      return draft.photos.length > 0 && draft.photos.every((p) => photoReady(draft.flow, p));
    case 'models':
      if (hasSellerModel(draft)) return true;
      return draft.modelId !== null && (!isCustom(draft.modelId) || hasText(draft.customModel));
    case 'pose':
      return draft.poseId !== null;
    case 'background':
      return (
        draft.backgroundId !== null && (!isCustom(draft.backgroundId) || hasText(draft.customBackground))
      );
    case 'summary':
      return false;
  }
}

export const canNext = stepComplete;

/** The first step whose selection is missing (summary when all are made). */
export function firstIncompleteStep(draft: Draft): Step {
  for (const step of STEPS) if (!stepComplete(draft, step)) return step;
  return 'summary';
}

/**
 * Where a visit to `step` must go instead, or null to stay. A direct URL to a later step
 * lands on the first incomplete one; the flat-lay summary goes back to the upload when the
 * model, pose or background is missing (spec 2 §2).
 */
export function redirectFor(draft: Draft, step: Step): Step | null {
  if (draft.flow === 'flat-lay' && step === 'summary') {
    const missing = ['upload', 'models', 'pose', 'background'].some((s) => !stepComplete(draft, s as Step));
    return missing ? 'upload' : null;
  }
  const first = firstIncompleteStep(draft);
  return stepIndex(step) > stepIndex(first) ? first : null;
}

/** Whether the breadcrumb lets the seller jump from `current` to `target`. */
export function breadcrumbEnabled(draft: Draft, current: Step, target: Step): boolean {
  if (stepIndex(target) <= stepIndex(current)) return true;
  // flat-lay: later steps are inert; only the current and earlier ones work
  if (draft.flow === 'flat-lay') return false;
  // on-model and mannequin: the pose step is never directly clickable from the upload step, and the
  // summary is disabled on the pose step
  if (current === 'upload' && target === 'pose') return false;
  if (current === 'pose' && target === 'summary') return false;
  return STEPS.slice(0, stepIndex(target)).every((s) => stepComplete(draft, s));
}

/** Credits the selection will use, as the server prices it (shown only as a hint offline). */
export const productCount = (draft: Draft) =>
  draft.flow === 'on-model' ? draft.photos.length : Math.min(draft.photos.length, 1);
export const poseCount = (draft: Draft) => (draft.poseId === null ? 0 : 1);

/** All photos are in storage with their uploaded_files row. */
export const photosUploaded = (draft: Draft) =>
  draft.photos.length > 0 && draft.photos.every((p) => p.upload.state === 'uploaded');

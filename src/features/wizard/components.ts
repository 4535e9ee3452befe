// The wizard's widgets that another feature renders: the Batch Processor makes its choices with
// the wizard's own catalogue steps and garment type picker, and says a refusal for want of
// credits with the wizard's dialog.
export { ModelsStep } from './components/models-step.tsx';
export { PoseStep } from './components/pose-step.tsx';
export { BackgroundStep } from './components/background-step.tsx';
export { GarmentTypePicker } from './components/garment-type-picker.tsx';
export { InsufficientCreditsDialog } from './components/insufficient-credits-dialog.tsx';

// What else the Batch Processor builds on (kept out of ./index.ts, which the first screen
// loads): the choices as a wizard draft without photos (the same reducer and rules), the request
// id of a press, storing a prepared photo, photos shared into the app, the check that a saved
// model chosen earlier still exists, and the words for a photo's problems.
export {
  CUSTOM_ID,
  GARMENT_TYPES,
  emptyDraft,
  readStoredDraft,
  type Draft,
  type GarmentType,
  type Gender,
} from './model/draft.ts';
export { wizardReducer, type WizardAction } from './model/reducer.ts';
export { isLowResolution, stepComplete } from './model/rules.ts';
export { generationArgs } from './api.ts';
export { generationFingerprint } from './store/generation-request.ts';
export { removeUploadedFile, uploadPhotoFile, type UploadProgress } from './upload.ts';
export { requestUploadSync } from './store/upload-sync.ts';
export { dropShared, sharedFiles } from './store/shared-inbox.ts';
export { useBackgroundBlurred } from './local-choices.ts';
export { useSavedModelCheck } from './hooks/use-saved-models.ts';
export { garmentTypeLabel } from './catalogue-text.ts';
export { PHOTO_PROBLEMS, UPLOAD_ERRORS, withValues } from './photo-messages.ts';
export type { PhotoProblem } from './image/inspect.ts';

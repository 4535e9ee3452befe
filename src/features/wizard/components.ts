// The wizard's widgets and choices that another feature uses: the Batch Processor makes its
// choices with the wizard's own catalogue steps and garment type picker — as a wizard draft
// without photos, changed by the same reducer and checked by the same rules — and says a refusal
// for want of credits with the wizard's dialog. What both build on (preparing and uploading
// photos, drafts on the device, photos shared into the app) is in src/lib.
export { ModelsStep } from './components/models-step.tsx';
export { PoseStep } from './components/pose-step.tsx';
export { BackgroundStep } from './components/background-step.tsx';
export { GarmentTypePicker } from './components/garment-type-picker.tsx';
export { InsufficientCreditsDialog } from './components/insufficient-credits-dialog.tsx';

export { GARMENT_TYPES, emptyDraft, readStoredDraft, type Draft, type GarmentType } from './model/draft.ts';
export { wizardReducer, type WizardAction } from './model/reducer.ts';
export { stepComplete } from './model/rules.ts';
export { generationArgs } from './api.ts';
export { useBackgroundBlurred } from './local-choices.ts';
export { useSavedModelCheck } from './hooks/use-saved-models.ts';

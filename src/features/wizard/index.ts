// The wizards' light entry: what other features and the routes may use without loading the
// wizard itself (its pages are in ./pages.ts, its guard in ./guard.ts, both loaded on demand).
export { FLOWS, STEPS, isStep, isCreationPath, type Flow, type Step } from './model/steps.ts';

/** Queued photos upload from any screen (the signed-in shell holds this). */
export { keepUploadsGoing } from './uploads-when-waiting.ts';

/** The catalogue's lists kept on the device after the first signed-in screen (the shell holds this). */
export { keepCatalogueOnDevice } from './catalogue-on-device.ts';

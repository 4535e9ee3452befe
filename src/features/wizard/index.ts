// The wizards' light entry: what other features and the routes may use without loading the
// wizard itself (its pages are in ./pages.ts, its guard in ./guard.ts, both loaded on demand).
export { FLOWS, STEPS, isStep, isCreationPath, type Flow, type Step } from './model/steps.ts';

export { ContentGuidelinesPage } from './guidelines-page.tsx';
export { ADDITIONAL, BORDERLINE, HIGH_RISK, SAFE } from './guidelines.ts';

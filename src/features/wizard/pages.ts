export { WizardPage } from './components/wizard-page.tsx';
export { ResumeDrafts } from './components/resume-drafts.tsx';

export { ContentGuidelinesPage } from './guidelines-page.tsx';

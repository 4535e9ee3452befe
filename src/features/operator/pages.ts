export { FixQueuePage } from './components/fix-queue-page.tsx';
export { CreditsPage } from './components/credits-page.tsx';

export { FixQueuePage } from './components/fix-queue-page.tsx';
export { CreditsPage } from './components/credits-page.tsx';
export { InboxPage } from './components/inbox-page.tsx';
export { WorkPage } from './components/work-page.tsx';

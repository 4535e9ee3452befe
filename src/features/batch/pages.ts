// The Batch Processor's screens, for the routes.
export { BatchPage } from './components/batch-page.tsx';
export { BatchDetailPage } from './components/batch-detail-page.tsx';

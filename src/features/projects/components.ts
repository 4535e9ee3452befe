// Projects' widgets that other features render (the video screens show stored results).
export { StoredImage } from './components/stored-image.tsx';
// the operator console shows a fix's status as the seller sees it
export { FixStatusBadge } from './components/fix-status-badge.tsx';

export { NotificationBell } from './components/notification-bell.tsx';
export { LiveProjectUpdates } from './components/live-project-updates.tsx';
export { ProcessingIndicator } from './components/processing-indicator.tsx';

// Notifications' data and the local toggle. The bell and live wiring are in ./components.ts.
export { useNotificationsEnabled } from './hooks/use-notifications-enabled.ts';
export { notificationKeys, notificationsQueryOptions, unreadCountQueryOptions } from './api.ts';
export { usePushNotifications } from './hooks/use-push-notifications.ts';

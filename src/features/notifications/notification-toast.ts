// The toast a stored notification brings when it arrives live (the app-notifications setting
// decides whether it shows). Project notifications have their own toasts (the project's row,
// live-project-updates.tsx); the other events a seller waits for are told here.
import type { I18n } from '@lingui/core';
import type { ToastTone } from '../../ui/toast/toast-store.ts';
import type { AppNotification } from './api.ts';
import { notificationText } from './notification-text.ts';

const TONES: Record<string, ToastTone> = {
  video_completed: 'success',
  video_failed: 'error',
  fix_processing: 'info',
  fix_completed: 'success',
  fix_rejected: 'error',
  payment_received: 'success',
  credits_added: 'success',
  credits_granted: 'success',
  credits_removed: 'info',
  credits_refunded: 'info',
  plan_changed: 'success',
};

export const TOAST_MS = 6000;

/** The toast for a newly stored notification, or null when its event has a toast elsewhere. */
export function notificationToast(n: AppNotification, i18n: I18n) {
  const tone = TONES[n.type];
  if (!tone) return null;
  const { title, message } = notificationText(n, i18n);
  // one toast per kind (several fixes done at once); the bell holds every one of them
  return {
    id: `notification-${n.id}`,
    tone,
    title,
    description: message,
    duration: TOAST_MS,
    group: `notification-${n.type}`,
    inBell: true,
  };
}

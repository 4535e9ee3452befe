import { useSyncExternalStore } from 'react';
import { localSettings } from '../../../lib/local-settings.ts';

/** The app-notifications toggle of settings (kept in this browser only). */
export function useNotificationsEnabled(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(localSettings.subscribe, localSettings.notificationsEnabled, () => true);
  return [on, localSettings.setNotificationsEnabled];
}

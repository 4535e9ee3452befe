// Preferences kept in this browser only (spec: language, notificationsEnabled, and the
// remember-me choice for the session storage).
type Listener = () => void;
const listeners = new Set<Listener>();

export const STORAGE_KEYS = {
  language: 'language',
  notificationsEnabled: 'notificationsEnabled',
  rememberMe: 'drape.rememberMe',
  splashSeen: 'drape.splashSeen',
  lowCreditsNotice: 'drape.lowCreditsNoticeAt',
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage full or blocked: the preference lasts for this page only */
  }
  for (const l of listeners) l();
}

export const localSettings = {
  read,
  write,
  notificationsEnabled(): boolean {
    return read(STORAGE_KEYS.notificationsEnabled) !== 'false';
  },
  setNotificationsEnabled(on: boolean) {
    write(STORAGE_KEYS.notificationsEnabled, on ? 'true' : 'false');
  },
  rememberMe(): boolean {
    return read(STORAGE_KEYS.rememberMe) !== 'false';
  },
  setRememberMe(on: boolean) {
    write(STORAGE_KEYS.rememberMe, on ? 'true' : 'false');
  },
  subscribe(l: Listener) {
    listeners.add(l);
    const onStorage = () => l();
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(l);
      window.removeEventListener('storage', onStorage);
    };
  },
};

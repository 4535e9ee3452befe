// What a push says: the title and body in the subscription's language (the same words as the
// app's toasts and bell, src/features/notifications/notification-text.ts and its Greek
// catalogue; push-words.test.ts holds them to it), where a tap leads, and the unread count
// for the app icon's badge. The service worker (src/sw/push.ts) reads this shape.
//
// Open for more kinds: a batch summary adds its type to private.tg_notifications_push's list
// and a case here.

export type PushLanguage = 'en' | 'el';

export interface PushNotificationRow {
  id: string;
  type: string;
  title: string;
  message: string;
  projectId: string | null;
  data: Record<string, unknown> | null;
}

/** The JSON the service worker receives (decrypted). */
export interface PushPayload {
  /** 1: this shape */
  v: 1;
  title: string;
  body: string;
  /** the path a tap opens, within the app */
  url: string;
  /** notifications with one tag replace each other (one per project) */
  tag: string;
  notificationId: string;
  type: string;
  projectId: string | null;
  /** the seller's unread notifications, for the app badge */
  unread: number;
}

type Words = { title: string; body: string };

const WORDS: Record<string, Record<PushLanguage, (name: string) => Words>> = {
  project_completed: {
    en: (name) => ({ title: 'Project completed', body: `Your project "${name}" is ready.` }),
    el: (name) => ({ title: 'Το έργο ολοκληρώθηκε', body: `Το έργο σας «${name}» είναι έτοιμο.` }),
  },
  project_failed: {
    en: (name) => ({
      title: 'Generation failed',
      body: `Project "${name}" generation failed. Please try again.`,
    }),
    el: (name) => ({
      title: 'Η δημιουργία απέτυχε',
      body: `Η δημιουργία του έργου «${name}» απέτυχε. Δοκιμάστε ξανά.`,
    }),
  },
  project_rejected: {
    en: (name) => ({
      title: 'Project rejected',
      body: `Project "${name}" was rejected due to content guideline violation. Your credits have been refunded.`,
    }),
    el: (name) => ({
      title: 'Το έργο απορρίφθηκε',
      body: `Το έργο «${name}» απορρίφθηκε λόγω παραβίασης των οδηγιών περιεχομένου. Οι πιστώσεις σας επιστράφηκαν.`,
    }),
  },
  video_completed: {
    en: (name) => ({ title: 'Video ready', body: `The video of "${name}" is ready.` }),
    el: (name) => ({ title: 'Το βίντεο είναι έτοιμο', body: `Το βίντεο του "${name}" είναι έτοιμο.` }),
  },
  video_failed: {
    en: (name) => ({
      title: 'Video failed',
      body: `The video of "${name}" could not be made. Your credits have been refunded.`,
    }),
    el: (name) => ({
      title: 'Το βίντεο απέτυχε',
      body: `Το βίντεο του "${name}" δεν ήταν δυνατό να δημιουργηθεί. Οι πιστώσεις σας επιστράφηκαν.`,
    }),
  },
};

/** The kinds worded here (the rest fall back to the stored English text). */
export const PUSH_TYPES = Object.keys(WORDS);

/** The words of one kind, for the catalogue test. */
export function pushWords(type: string, language: PushLanguage, name: string): Words | null {
  return WORDS[type]?.[language](name) ?? null;
}

export function pushPayload(n: PushNotificationRow, language: string, unread: number): PushPayload {
  const lang: PushLanguage = language === 'el' ? 'el' : 'en';
  const name = typeof n.data?.projectName === 'string' ? n.data.projectName : null;
  const words = name === null ? null : pushWords(n.type, lang, name);
  const url = n.projectId ? `/projects/${encodeURIComponent(n.projectId)}` : '/projects';
  return {
    v: 1,
    title: words?.title ?? n.title,
    body: words?.body ?? n.message,
    url,
    tag: n.projectId ? `project-${n.projectId}` : `notification-${n.id}`,
    notificationId: n.id,
    type: n.type,
    projectId: n.projectId,
    unread: Math.max(0, Math.trunc(unread)),
  };
}

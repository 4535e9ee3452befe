// Web Push in the service worker: a push (a project or a video finished or failed; the
// server's payload is supabase/functions/_shared/push/message.ts) shows a notification —
// one per project, a newer one replacing it — and puts the unread count on the installed
// app's icon; a tap focuses an open Drape window on the project, or opens one.

export interface PushData {
  title: string;
  body: string;
  url: string;
  tag: string;
  unread?: number;
  notificationId?: string;
  projectId?: string | null;
}

interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
  postMessage?(message: unknown): void;
}

export interface PushScope {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  navigator: { setAppBadge?(n?: number): Promise<void>; clearAppBadge?(): Promise<void> };
}

export const PUSH_ICON = '/icons/icon-192.png';
export const PUSH_BADGE = '/icons/badge-96.png';
/** what open pages are told when a push arrives (they refresh the bell) */
export const PUSH_RECEIVED_MESSAGE = 'drape:push-received';

/** The payload as sent, or null for anything else (a push must still show something). */
export function readPushData(json: unknown): PushData | null {
  if (!json || typeof json !== 'object') return null;
  const d = json as Record<string, unknown>;
  if (typeof d.title !== 'string' || typeof d.body !== 'string') return null;
  return {
    title: d.title,
    body: d.body,
    url: typeof d.url === 'string' && d.url.startsWith('/') && !d.url.startsWith('//') ? d.url : '/home',
    tag: typeof d.tag === 'string' && d.tag ? d.tag : 'drape',
    unread: typeof d.unread === 'number' && d.unread >= 0 ? Math.trunc(d.unread) : undefined,
    notificationId: typeof d.notificationId === 'string' ? d.notificationId : undefined,
    projectId: typeof d.projectId === 'string' ? d.projectId : null,
  };
}

/** The badge on the app's icon: the unread count, cleared at zero (where the browser has it). */
export async function setBadge(nav: PushScope['navigator'], unread: number | undefined): Promise<void> {
  if (unread === undefined) return;
  try {
    if (unread > 0) await nav.setAppBadge?.(unread);
    else await nav.clearAppBadge?.();
  } catch {
    // no badging here (or not installed): nothing to do
  }
}

export async function onPush(scope: PushScope, json: unknown): Promise<void> {
  const data = readPushData(json) ?? { title: 'Drape', body: '', url: '/home', tag: 'drape' };
  await Promise.all([
    scope.registration.showNotification(data.title, {
      body: data.body,
      tag: data.tag,
      icon: PUSH_ICON,
      badge: PUSH_BADGE,
      data: { url: data.url, notificationId: data.notificationId },
    }),
    setBadge(scope.navigator, data.unread),
  ]);
  // an open app refreshes its bell at once
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const w of windows) w.postMessage?.({ type: PUSH_RECEIVED_MESSAGE });
}

/** A tap: an open Drape window goes to the project and comes to the front; else a new one opens there. */
export async function onNotificationClick(scope: PushScope, data: unknown): Promise<void> {
  const raw = (data as { url?: unknown } | null)?.url;
  const path = typeof raw === 'string' && raw.startsWith('/') && !raw.startsWith('//') ? raw : '/home';
  const target = new URL(path, scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const mine = windows.filter((w) => new URL(w.url).origin === scope.location.origin);
  const client = mine.find((w) => w.url === target) ?? mine[0];
  if (client) {
    await client.focus();
    if (client.url !== target && client.navigate) await client.navigate(target);
    return;
  }
  await scope.clients.openWindow(target);
}

interface PushEventLike extends Event {
  data: { json(): unknown; text(): string } | null;
  waitUntil(p: Promise<unknown>): void;
}

interface NotificationEventLike extends Event {
  notification: { data: unknown; close(): void };
  waitUntil(p: Promise<unknown>): void;
}

declare const self: PushScope & {
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
};

if (typeof window === 'undefined' && typeof self !== 'undefined' && 'registration' in self) {
  self.addEventListener('push', (event) => {
    let json: unknown = null;
    try {
      json = event.data?.json() ?? null;
    } catch {
      json = null;
    }
    event.waitUntil(onPush(self, json));
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(onNotificationClick(self, event.notification.data));
  });
}

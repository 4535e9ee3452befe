// This device's Web Push subscription: asked for when the settings' "App notifications"
// switch goes on (and kept in step each time the app opens with it on), dropped when it goes
// off. The server keeps one row per device (push_subscriptions, saved by
// save_push_subscription with the app's language) and pushes when a project or a video
// finishes or fails; the service worker shows it (src/sw/push.ts).
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import { AppError } from '../../lib/errors/index.ts';

export type PushSupport = 'supported' | 'unsupported';

/** Push needs a service worker (production builds), the Push API and notifications. */
export function pushSupport(): PushSupport {
  return typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
    ? 'supported'
    : 'unsupported';
}

export function pushPermission(): NotificationPermission | 'unsupported' {
  return pushSupport() === 'supported' ? Notification.permission : 'unsupported';
}

/** The service worker's registration, or null where none is registered (development). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (pushSupport() !== 'supported') return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  if (!reg) return null;
  // a worker that is still installing: wait until it is active
  return reg.active ? reg : navigator.serviceWorker.ready;
}

export async function fetchPushKey(client: AppSupabaseClient): Promise<string | null> {
  const { data, error } = await client.functions.invoke<{ publicKey: string | null }>('push-key', {
    method: 'GET',
  });
  if (error) throw error;
  return data?.publicKey ?? null;
}

function keyBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const b64 = b64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(b64url.length / 4) * 4, '=');
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function sameKey(sub: PushSubscription, key: Uint8Array): boolean {
  const current = sub.options?.applicationServerKey;
  if (!current) return true;
  const a = new Uint8Array(current);
  return a.length === key.length && a.every((b, i) => b === key[i]);
}

/** A short name for the device list: the browser and the system, from the user agent. */
export function deviceLabel(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser\//.test(ua)
      ? 'Samsung Internet'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  return system ? `${browser} on ${system}` : browser;
}

export type PushOutcome = 'on' | 'unavailable';

/**
 * Turns push on for this device: asks permission (a refusal is an AppError with code
 * push_denied), subscribes with the server's key and saves the subscription. 'unavailable'
 * where this browser or this build has no push, or the server has no key: the switch then
 * governs the in-app messages only.
 */
export async function enablePush(
  client: AppSupabaseClient,
  language: string,
  { ask }: { ask: boolean },
): Promise<PushOutcome> {
  if (pushSupport() !== 'supported') return 'unavailable';
  let permission = Notification.permission;
  if (permission === 'default' && ask) permission = await Notification.requestPermission();
  if (permission === 'denied') throw new AppError(null, 'notifications blocked', { code: 'push_denied' });
  if (permission !== 'granted') return 'unavailable';
  const reg = await registration();
  if (!reg) return 'unavailable';
  const publicKey = await fetchPushKey(client);
  if (!publicKey) return 'unavailable';
  const key = keyBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub, key)) {
    // the server's key changed: the old subscription can no longer be pushed to
    await sub.unsubscribe().catch(() => false);
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON();
  const { error } = await client.rpc('save_push_subscription', {
    endpoint: sub.endpoint,
    p256dh: json.keys?.p256dh ?? '',
    auth: json.keys?.auth ?? '',
    language,
    device_label: deviceLabel(navigator.userAgent),
  });
  if (error) throw error;
  return 'on';
}

/** Turns push off for this device: the server forgets it, then the browser unsubscribes. */
export async function disablePush(client: AppSupabaseClient): Promise<void> {
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  const { error } = await client.from('push_subscriptions').delete().eq('endpoint', sub.endpoint);
  if (error) throw error;
  await sub.unsubscribe().catch(() => false);
}

/** The unread count on the installed app's icon (Badging API, where the browser has it). */
export function showAppBadge(unread: number): void {
  if (typeof navigator === 'undefined') return;
  const nav = navigator as Navigator & {
    setAppBadge?: (n?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  const done = unread > 0 ? nav.setAppBadge?.(unread) : nav.clearAppBadge?.();
  void done?.catch(() => undefined);
}

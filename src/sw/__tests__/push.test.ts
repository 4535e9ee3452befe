import { describe, expect, it, vi } from 'vitest';
import { onNotificationClick, onPush, PUSH_RECEIVED_MESSAGE, type PushScope, readPushData } from '../push.ts';

function scope(windows: { url: string }[] = []) {
  const shown: { title: string; options: NotificationOptions & { data?: unknown } }[] = [];
  const clients = windows.map((w) => ({
    url: w.url,
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(async () => undefined),
    postMessage: vi.fn(),
  }));
  const s = {
    location: { origin: 'https://app.drape.test' },
    registration: {
      showNotification: vi.fn(async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      }),
    },
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async () => null),
    },
    navigator: { setAppBadge: vi.fn(async () => undefined), clearAppBadge: vi.fn(async () => undefined) },
  } satisfies PushScope;
  return { s, shown, clients };
}

const payload = {
  v: 1,
  title: 'Project completed',
  body: 'Your project "Linen dress" is ready.',
  url: '/projects/p-1',
  tag: 'project-p-1',
  notificationId: 'n-1',
  type: 'project_completed',
  projectId: 'p-1',
  unread: 3,
};

describe('push in the service worker', () => {
  it('shows the notification with its tag, sets the badge and tells open pages', async () => {
    const { s, shown, clients } = scope([{ url: 'https://app.drape.test/home' }]);
    await onPush(s, payload);
    expect(shown).toEqual([
      {
        title: 'Project completed',
        options: expect.objectContaining({
          body: 'Your project "Linen dress" is ready.',
          tag: 'project-p-1',
          data: { url: '/projects/p-1', notificationId: 'n-1' },
        }),
      },
    ]);
    expect(s.navigator.setAppBadge).toHaveBeenCalledWith(3);
    expect(clients[0].postMessage).toHaveBeenCalledWith({ type: PUSH_RECEIVED_MESSAGE });
  });

  it('clears the badge at zero unread', async () => {
    const { s } = scope();
    await onPush(s, { ...payload, unread: 0 });
    expect(s.navigator.clearAppBadge).toHaveBeenCalled();
    expect(s.navigator.setAppBadge).not.toHaveBeenCalled();
  });

  it('keeps links inside the app', () => {
    expect(readPushData({ ...payload, url: 'https://evil.example/x' })?.url).toBe('/home');
    expect(readPushData({ ...payload, url: '//evil.example/x' })?.url).toBe('/home');
    expect(readPushData({ nope: true })).toBeNull();
  });

  it('a tap brings an open Drape window to the project', async () => {
    const { s, clients } = scope([{ url: 'https://other.example/' }, { url: 'https://app.drape.test/home' }]);
    await onNotificationClick(s, { url: '/projects/p-1' });
    expect(clients[1].focus).toHaveBeenCalled();
    expect(clients[1].navigate).toHaveBeenCalledWith('https://app.drape.test/projects/p-1');
    expect(clients[0].focus).not.toHaveBeenCalled();
    expect(s.clients.openWindow).not.toHaveBeenCalled();
  });

  it('a tap opens a window on the project when none is open', async () => {
    const { s } = scope([]);
    await onNotificationClick(s, { url: '/projects/p-1' });
    expect(s.clients.openWindow).toHaveBeenCalledWith('https://app.drape.test/projects/p-1');
  });
});

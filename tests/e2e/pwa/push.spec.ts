// Web Push, receiving side: a push delivered to the service worker through the DevTools
// protocol (as a push service would) shows a notification for the project; and the settings'
// switch subscribes this device and unsubscribes it. Chromium here has no push service, so
// the subscription path runs on a stand-in PushManager (an init script); what the server keeps
// is read through the service role. Tapping a notification is covered by src/sw push's unit
// test (no way to click one from outside). Needs the production build (the service worker).
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { E2E } from '../support/env.ts';
import { serviceClientOf } from '../projects/seed.ts';

async function underServiceWorker(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

test('a push delivered to the service worker shows a notification that leads to the project', async ({
  signedInPage: page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: E2E.appUrl });
  await underServiceWorker(page, '/home');

  const cdp = await context.newCDPSession(page);
  // the registration whose worker is activated and running (a push to one still starting can be lost)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const ready = versions.find(
        (v) =>
          v.scriptURL.startsWith(`${E2E.appUrl}/`) &&
          v.status === 'activated' &&
          v.runningStatus === 'running',
      );
      if (ready) resolve(ready.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const projectId = '7d1f3c1e-8a0b-4b7e-9d55-0a3f2b6c9e11';
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: E2E.appUrl,
    registrationId: await registrationId,
    data: JSON.stringify({
      v: 1,
      title: 'Project completed',
      body: 'Your project "Linen dress" is ready.',
      url: `/projects/${projectId}`,
      tag: `project-${projectId}`,
      notificationId: 'n-1',
      type: 'project_completed',
      projectId,
      unread: 2,
    }),
  });

  const shown = () =>
    page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return (await reg.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url?: string } | null)?.url,
      }));
    });
  await expect.poll(shown).toEqual([
    {
      title: 'Project completed',
      body: 'Your project "Linen dress" is ready.',
      tag: `project-${projectId}`,
      url: `/projects/${projectId}`,
    },
  ]);

  // a newer push about the same project replaces it
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: E2E.appUrl,
    registrationId: await registrationId,
    data: JSON.stringify({
      title: 'Video ready',
      body: 'The video of "Linen dress" is ready.',
      url: `/projects/${projectId}`,
      tag: `project-${projectId}`,
      unread: 3,
    }),
  });
  await expect.poll(async () => (await shown()).map((n) => n.title)).toEqual(['Video ready']);
  await cdp.detach();
});

/** A PushManager that subscribes without a push service (by default an endpoint shaped as
 * Chrome's, which the server takes; nothing is pushed to it here), and remembers what it
 * handed out. */
const stubPushManager = ({
  permission: p,
  service = 'https://fcm.googleapis.com/fcm/send/',
}: {
  permission: NotificationPermission;
  service?: string;
}) => {
  {
    let current: PushSubscription | null = null;
    const b64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const key = new Uint8Array(65);
    key[0] = 4;
    crypto.getRandomValues(key.subarray(1));
    const auth = crypto.getRandomValues(new Uint8Array(16));
    const make = (serverKey: BufferSource): PushSubscription => {
      const endpoint = `${service}${b64url(crypto.getRandomValues(new Uint8Array(12)))}`;
      const sub = {
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: serverKey, userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: b64url(key), auth: b64url(auth) } }),
        unsubscribe: async () => {
          current = null;
          (window as unknown as { __unsubscribed: number }).__unsubscribed += 1;
          return true;
        },
      };
      return sub as unknown as PushSubscription;
    };
    (window as unknown as { __unsubscribed: number }).__unsubscribed = 0;
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      current = make(options?.applicationServerKey as BufferSource);
      return current;
    };
    let state = p;
    Object.defineProperty(Notification, 'permission', { get: () => state, configurable: true });
    Notification.requestPermission = async () => {
      if (state === 'default') state = 'granted';
      return state;
    };
  }
};

test('the settings switch subscribes this device and unsubscribes it', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await page.addInitScript(stubPushManager, { permission: 'default' as NotificationPermission });
  await underServiceWorker(page, '/settings');
  const service = serviceClientOf(stack);
  const rows = async () =>
    (
      await service
        .from('push_subscriptions')
        .select('endpoint, language, device_label')
        .eq('user_id', user.id)
    ).data ?? [];

  const toggle = page.getByRole('switch', { name: 'App notifications' });
  await expect(toggle).toBeChecked();
  await expect(
    page.getByText(
      'While Drape is closed, a finished or failed project or video arrives as a notification on this device.',
    ),
  ).toBeVisible();
  // on by default: off, then on again subscribes
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect.poll(rows).toEqual([
    {
      endpoint: expect.stringMatching(/^https:\/\/fcm\.googleapis\.com\/fcm\/send\//),
      language: 'en',
      device_label: expect.stringContaining('Chrome'),
    },
  ]);

  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect.poll(rows).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __unsubscribed: number }).__unsubscribed)).toBe(1);
});

test('notifications blocked in the browser: the switch says so', async ({ signedInPage: page }) => {
  await page.addInitScript(stubPushManager, { permission: 'denied' as NotificationPermission });
  await underServiceWorker(page, '/settings');
  const toggle = page.getByRole('switch', { name: 'App notifications' });
  const blocked = page
    .getByRole('alert')
    .filter({ hasText: 'Notifications are blocked for Drape in this browser.' });
  await expect(blocked).toBeVisible();
  await toggle.click();
  await expect(blocked).toHaveCount(0);
  await toggle.click();
  await expect(blocked).toBeVisible();
});

test('a browser whose push service is not one Drape sends to: the switch says so', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  // what a made-up subscription (or a browser with a push service of its own) gives
  await page.addInitScript(stubPushManager, {
    permission: 'default' as NotificationPermission,
    service: 'https://127.0.0.1:54321/push/',
  });
  await underServiceWorker(page, '/settings');
  const toggle = page.getByRole('switch', { name: 'App notifications' });
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(
    page.getByText(
      "This browser's push service is not supported, so notifications cannot reach this device.",
    ),
  ).toBeVisible();
  const saved = await serviceClientOf(stack)
    .from('push_subscriptions')
    .select('endpoint')
    .eq('user_id', user.id);
  expect(saved.data).toEqual([]);
});

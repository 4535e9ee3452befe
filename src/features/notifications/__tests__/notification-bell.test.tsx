// @vitest-environment happy-dom
// The bell against a client of the test's own (App's `supabase` prop): it reads the user's
// notifications through it, stays live through its channel, and a failed mark-as-read puts
// the notification back as unread and tells the user.
import { i18n } from '@lingui/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeSupabase } from '../../../lib/testing/fake-supabase.ts';
import { renderApp } from '../../../lib/testing/render-app.tsx';
import { localSettings } from '../../../lib/local-settings.ts';
import { toast } from '../../../ui/toast/toast-store.ts';
import { NotificationBell } from '../components/notification-bell.tsx';
import { useNotificationsLive } from '../hooks/use-notifications.ts';

// The app's own client is never built here: everything goes through the fake.
vi.mock('../../../lib/supabase.ts', () => ({ supabase: null }));

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(() => {
  cleanup();
  toast.clear();
  localStorage.clear();
});

const user = { id: 'u1', email: 'maria@example.test' };
const notification = (id: string, o: Record<string, unknown> = {}) => ({
  id,
  user_id: user.id,
  type: 'project_completed',
  title: 'Project completed',
  message: 'Your project "Linen" is ready.',
  read: false,
  project_id: null,
  data: { projectName: 'Linen' },
  created_at: '2026-11-20T10:00:00Z',
  ...o,
});

function LiveBell() {
  useNotificationsLive();
  return <NotificationBell />;
}

const openBell = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
  return screen.findByRole('list', { name: 'Notifications' });
};

describe('NotificationBell with a client of the test’s own', () => {
  it("reads the user's notifications through the given client", async () => {
    const fake = fakeSupabase({
      tables: { notifications: [notification('n1'), notification('n2', { user_id: 'someone-else' })] },
    });
    renderApp(<NotificationBell />, { client: fake.client, user });
    const list = await openBell();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Your project "Linen" is ready.')).toBeTruthy();
    expect(fake.calls).toContain(
      'select notifications id, type, title, message, read, project_id, data, created_at',
    );
  });

  it('shows a notification the server inserts while it is open (live rows)', async () => {
    const fake = fakeSupabase({ tables: { notifications: [notification('n1')] } });
    renderApp(<LiveBell />, { client: fake.client, user });
    const list = await openBell();
    await waitFor(() => expect(fake.openChannels()).toEqual([`notifications:${user.id}`]));
    const fresh = notification('n3', {
      type: 'credits_low',
      data: { credits: 2 },
      created_at: '2026-11-21T10:00:00Z',
    });
    fake.tables.notifications.push(fresh);
    act(() => fake.emit('notifications', 'INSERT', fresh));
    expect(
      await within(list).findByText('You have only 2 credits left. Purchase more to continue.'),
    ).toBeTruthy();
  });

  for (const enabled of [true, false])
    it(`an event the seller waits for arriving live is a toast ${enabled ? 'when' : 'only when'} app notifications are on`, async () => {
      localSettings.setNotificationsEnabled(enabled);
      const fake = fakeSupabase({ tables: { notifications: [notification('n1')] } });
      renderApp(<LiveBell />, { client: fake.client, user });
      const list = await openBell();
      await waitFor(() => expect(fake.openChannels()).toEqual([`notifications:${user.id}`]));
      const ready = notification('n4', {
        type: 'video_completed',
        title: 'Video ready',
        message: 'The video of "Linen" is ready.',
        created_at: '2026-11-21T11:00:00Z',
      });
      fake.tables.notifications.push(ready);
      act(() => fake.emit('notifications', 'INSERT', ready));
      // in the bell either way
      expect(await within(list).findByText('The video of "Linen" is ready.')).toBeTruthy();
      const toasts = toast.getSnapshot().map((t) => [t.tone, t.title]);
      expect(toasts).toEqual(enabled ? [['success', 'Video ready']] : []);
    });

  it('a failed mark-as-read puts the notification back as unread and says so', async () => {
    const fake = fakeSupabase({
      tables: { notifications: [notification('n1')] },
      rpc: {
        mark_notification_read: () => ({
          error: { message: 'TypeError: Failed to fetch', details: '', hint: '', code: '' },
        }),
      },
    });
    renderApp(<NotificationBell />, { client: fake.client, user });
    const list = await openBell();
    fireEvent.click(within(list).getByRole('button', { name: /Project completed/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Drape could not be reached. Check your connection and try again.');
    expect(fake.calls).toContain('rpc mark_notification_read');
    await waitFor(() => expect(within(list).getByRole('img', { name: 'Unread' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Notifications (1 unread)' })).toBeTruthy();
  });
});

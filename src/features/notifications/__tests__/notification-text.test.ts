import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { notificationText } from '../notification-text.ts';
import type { AppNotification } from '../api.ts';

// plan names come through the subscription feature's door, which also holds its data hooks
vi.mock('../../../lib/supabase.ts', () => ({ supabase: null }));

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const build = (o: Partial<AppNotification>): AppNotification => ({
  id: 'n',
  type: 'project_completed',
  title: 'stored title',
  message: 'stored message',
  read: false,
  project_id: 'p',
  data: { projectName: 'Linen shirt' },
  created_at: '2026-01-01T00:00:00Z',
  ...o,
});

describe('notificationText', () => {
  it('rebuilds known texts from their values', () => {
    expect(notificationText(build({}), i18n)).toEqual({
      title: 'Project completed',
      message: 'Your project "Linen shirt" is ready.',
    });
    expect(notificationText(build({ type: 'credits_low', data: { credits: 2 } }), i18n).message).toBe(
      'You have only 2 credits left. Purchase more to continue.',
    );
    expect(notificationText(build({ type: 'credits_empty', data: {} }), i18n)).toEqual({
      title: 'Out of Credits',
      message: 'You have run out of credits. Purchase more to continue.',
    });
  });

  it('says which purchase failed: a plan or a pack', () => {
    expect(
      notificationText(build({ type: 'purchase_failed', data: { kind: 'plan', plan: 'pro' } }), i18n),
    ).toEqual({
      title: 'Payment failed',
      message: 'Your payment for the Pro plan did not go through. Your plan has not changed.',
    });
    expect(
      notificationText(build({ type: 'purchase_failed', data: { kind: 'credits', credits: 100 } }), i18n)
        .message,
    ).toBe('Your payment for 100 credits did not go through. No credits were added.');
  });

  it('falls back to the stored text', () => {
    expect(notificationText(build({ type: 'project_completed', data: {} }), i18n)).toEqual({
      title: 'stored title',
      message: 'stored message',
    });
    expect(notificationText(build({ type: 'something_new' }), i18n)).toEqual({
      title: 'stored title',
      message: 'stored message',
    });
  });
});

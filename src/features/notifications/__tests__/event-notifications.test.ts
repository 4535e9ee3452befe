// Each event a seller waits for has its words in English and Greek, built from the stored
// values, and a toast of its own (project events keep theirs, from the project row).
import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { messages as elMessages } from '../../../locales/el/messages.po';
import { messages as enMessages } from '../../../locales/en/messages.po';
import type { AppNotification } from '../api.ts';
import { notificationText } from '../notification-text.ts';
import { notificationToast } from '../notification-toast.ts';

// plan names come through the subscription feature's door, which also holds its data hooks
vi.mock('../../../lib/supabase.ts', () => ({ supabase: null }));

i18n.load({ en: enMessages, el: elMessages });
afterAll(() => i18n.activate('en'));

const build = (type: string, data: AppNotification['data']): AppNotification => ({
  id: 'n1',
  type,
  title: 'stored',
  message: 'stored',
  read: false,
  project_id: null,
  data,
  created_at: '2026-11-27T10:00:00Z',
});

const EVENTS: [string, AppNotification['data'], string, string, string][] = [
  ['video_completed', { projectName: 'Linen' }, 'success', 'Video ready', 'The video of "Linen" is ready.'],
  [
    'video_failed',
    { projectName: 'Linen' },
    'error',
    'Video failed',
    'The video of "Linen" could not be made. Your credits have been refunded.',
  ],
  [
    'fix_processing',
    { projectName: 'Linen' },
    'info',
    'Fix in progress',
    'Our team is working on your fix for "Linen".',
  ],
  ['fix_completed', { projectName: 'Linen' }, 'success', 'Fix completed', 'Your fix for "Linen" is ready.'],
  [
    'fix_rejected',
    { projectName: 'Linen' },
    'error',
    'Fix rejected',
    'Your fix request for "Linen" was rejected.',
  ],
  [
    'payment_received',
    { credits: 50 },
    'success',
    'Payment received',
    'Your payment was received: 50 credits were added to your balance.',
  ],
  [
    'credits_added',
    { credits: 1, plan: 'lite' },
    'success',
    'Credits added',
    '1 credit of your plan was added to your balance.',
  ],
  [
    'credits_refunded',
    { credits: 3, projectName: 'Linen' },
    'info',
    'Credits refunded',
    '3 credits for "Linen" were refunded to your balance.',
  ],
  ['plan_changed', { plan: 'advanced' }, 'success', 'Plan changed', 'Your plan is now Advanced.'],
  [
    'credits_granted',
    { credits: 5, note: 'Sorry for the wait' },
    'success',
    'Credits added',
    '5 credits were added to your balance: Sorry for the wait',
  ],
  [
    'credits_removed',
    { credits: 1, note: 'Duplicate grant' },
    'info',
    'Credits removed',
    '1 credit was removed from your balance: Duplicate grant',
  ],
];

describe('notifications of the events a seller waits for', () => {
  it.each(EVENTS)('%s: words and toast in English', (type, data, tone, title, message) => {
    i18n.activate('en');
    expect(notificationText(build(type, data), i18n)).toEqual({ title, message });
    expect(notificationToast(build(type, data), i18n)).toMatchObject({ tone, title, description: message });
  });

  it('in Greek, each its own words with the plural', () => {
    i18n.activate('el');
    const el = (type: string, data: AppNotification['data']) => notificationText(build(type, data), i18n);
    expect(el('video_completed', { projectName: 'Λινό' })).toEqual({
      title: 'Το βίντεο είναι έτοιμο',
      message: 'Το βίντεο του "Λινό" είναι έτοιμο.',
    });
    expect(el('fix_rejected', { projectName: 'Λινό' }).title).toBe('Η διόρθωση απορρίφθηκε');
    expect(el('payment_received', { credits: 1 }).message).toBe(
      'Η πληρωμή σας ελήφθη: προστέθηκε 1 πίστωση στο υπόλοιπό σας.',
    );
    expect(el('credits_refunded', { credits: 0.4 }).message).toBe(
      'Επιστράφηκαν 0,4 πιστώσεις στο υπόλοιπό σας.',
    );
    expect(el('plan_changed', { plan: 'free' }).message).toBe('Το πλάνο σας είναι πλέον Δωρεάν.');
    for (const [type, data] of EVENTS) expect(el(type, data).title).not.toBe('stored');
  });

  it('project notifications keep their own toasts (from the project row)', () => {
    expect(notificationToast(build('project_completed', { projectName: 'Linen' }), i18n)).toBeNull();
  });
});

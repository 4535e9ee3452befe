// The history's words in both languages: an expired checkout reads 'Not completed', credits
// moved are signed and counted with the language's plural.
import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { messages as elMessages } from '../../../locales/el/messages.po';
import { messages as enMessages } from '../../../locales/en/messages.po';
import { activityItems } from '../history-items.ts';
import { activityAction, activityDetails, creditsText, statusText } from '../history-text.ts';

i18n.load({ en: enMessages, el: elMessages });
afterAll(() => i18n.activate('en'));

describe('history words', () => {
  it('an expired checkout reads "Not completed" in en and el', () => {
    i18n.activate('en');
    expect(statusText('expired', i18n)).toBe('Not completed');
    i18n.activate('el');
    expect(statusText('expired', i18n)).toBe('Δεν ολοκληρώθηκε');
  });

  it('credits moved: signed, singular and plural, free and none', () => {
    i18n.activate('en');
    expect([-1, -3, 0.4, 10, 1, 0, null].map((n) => creditsText(n, i18n))).toEqual([
      '−1 credit',
      '−3 credits',
      '+0.4 credits',
      '+10 credits',
      '+1 credit',
      'Free',
      '—',
    ]);
    i18n.activate('el');
    expect([-1, -3, 1.5].map((n) => creditsText(n, i18n))).toEqual([
      '−1 πίστωση',
      '−3 πιστώσεις',
      '+1,5 πιστώσεις',
    ]);
  });

  it("a batch's one charge, and the refund of one of its images, name the batch and count its photos", () => {
    const batchCharge = {
      id: 'b1',
      amount: '-5.00',
      reason: 'generation',
      reference: 'batch:x',
      refund_of: null,
      details: { batchId: 'x', batchName: 'Summer 2027', images: 5, projects: 5 },
      created_at: '2026-11-27T14:00:00Z',
    };
    const refund = {
      id: 'b2',
      amount: '1.00',
      reason: 'refund',
      reference: 'image:i9',
      refund_of: 'b1',
      details: { charge_id: 'b1', charge_reason: 'generation' },
      created_at: '2026-11-27T14:05:00Z',
    };
    const [charge, back] = activityItems([batchCharge, refund], [], []);
    i18n.activate('en');
    expect([activityAction(charge!, i18n), activityDetails(charge!, i18n)]).toEqual([
      'Batch started',
      '"Summer 2027" · 5 photos',
    ]);
    expect([activityAction(back!, i18n), activityDetails(back!, i18n)]).toEqual([
      'Image refunded',
      '"Summer 2027" · 5 photos',
    ]);
    i18n.activate('el');
    expect([activityAction(charge!, i18n), activityDetails(charge!, i18n)]).toEqual([
      'Έναρξη παρτίδας',
      '«Summer 2027» · 5 φωτογραφίες',
    ]);
  });

  it('an unnamed flat-lay project reads in the language on screen, old English-named rows too', () => {
    const charge = {
      id: 'c1',
      amount: '-1.00',
      reason: 'generation',
      reference: 'project:p1',
      refund_of: null,
      details: { projectId: 'p1', images: 1 },
      created_at: '2026-11-27T14:00:00Z',
    };
    const project = {
      id: 'p1',
      name: 'Untitled Project2',
      type: 'flat-lay',
      status: 'completed',
      created_at: '2026-11-27T14:00:00Z',
      updated_at: '2026-11-27T14:02:00Z',
    };
    const [item] = activityItems([charge], [project], []);
    i18n.activate('el');
    expect(activityDetails(item!, i18n)).toBe('«Έργο χωρίς τίτλο2» · απλωμένο ρούχο');
    i18n.activate('en');
    expect(activityDetails(item!, i18n)).toBe('"Untitled Project2" · flat-lay');
  });

  it('a mannequin project says so in the history, in English and Greek', () => {
    const charge = {
      id: 'c2',
      amount: '-2.00',
      reason: 'generation',
      reference: 'project:p2',
      refund_of: null,
      details: { projectId: 'p2', images: 2 },
      created_at: '2026-11-27T14:00:00Z',
    };
    const project = {
      id: 'p2',
      name: 'Linen blazer',
      type: 'mannequin',
      status: 'completed',
      created_at: '2026-11-27T14:00:00Z',
      updated_at: '2026-11-27T14:02:00Z',
    };
    const [item] = activityItems([charge], [project], []);
    i18n.activate('el');
    expect(activityDetails(item!, i18n)).toBe('«Linen blazer» · κούκλα βιτρίνας');
    i18n.activate('en');
    expect(activityDetails(item!, i18n)).toBe('"Linen blazer" · mannequin');
  });

  it("an operator's credits show with the reason they gave; other adjustments with none", () => {
    const granted = {
      id: 'g1',
      amount: '5.00',
      reason: 'adjustment',
      reference: null,
      refund_of: null,
      details: { note: 'Sorry for the slow fix', byOperator: true },
      created_at: '2026-11-28T10:00:00Z',
    };
    const plain = { ...granted, id: 'g2', details: {} };
    const [a, b] = activityItems([granted, plain], [], []);
    i18n.activate('en');
    expect([activityAction(a!, i18n), activityDetails(a!, i18n), creditsText(a!.credits, i18n)]).toEqual([
      'Balance adjustment',
      'Sorry for the slow fix',
      '+5 credits',
    ]);
    expect(activityDetails(b!, i18n)).toBe('');
  });
});

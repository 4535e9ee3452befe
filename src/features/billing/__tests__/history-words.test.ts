// The history's words in both languages: an expired checkout reads 'Not completed', credits
// moved are signed and counted with the language's plural.
import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { messages as elMessages } from '../../../locales/el/messages.po';
import { messages as enMessages } from '../../../locales/en/messages.po';
import { creditsText, statusText } from '../history-text.ts';

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
});

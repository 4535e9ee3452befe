// @vitest-environment happy-dom
// Before sending a fix the dialog says whether it is free (n of m left for this project) or
// costs 1 credit, and what the balance will be — in English and Greek.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as elMessages } from '../../../locales/el/messages.po';
import { messages as enMessages } from '../../../locales/en/messages.po';
import type { FixEligibility } from '../api.ts';
import { FixPrice } from '../components/fix-price.tsx';

i18n.load({ en: enMessages, el: elMessages });
afterEach(() => {
  cleanup();
  i18n.activate('en');
});

const eligibility = (o: Partial<FixEligibility>): FixEligibility => ({
  can_request: true,
  reason: null,
  reason_code: null,
  will_use_credits: false,
  free_fixes_remaining: 2,
  free_fixes_per_project: 3,
  credits_remaining: 5,
  fix_cost: 1,
  ...o,
});

function says(e: FixEligibility, locale: 'en' | 'el') {
  i18n.activate(locale);
  render(
    <I18nProvider i18n={i18n}>
      <FixPrice eligibility={e} />
    </I18nProvider>,
  );
  return screen.getByRole('status').textContent;
}

describe('the fix price before sending', () => {
  it('a free fix: n of m left, the balance stays', () => {
    expect(says(eligibility({}), 'en')).toBe(
      'This fix is free: 2 of 3 free fixes left for this project. Your balance stays at 5 credits.',
    );
    cleanup();
    expect(
      says(eligibility({ free_fixes_remaining: 1, free_fixes_per_project: 1, credits_remaining: 1 }), 'en'),
    ).toBe('This fix is free: 1 of 1 free fix left for this project. Your balance stays at 1 credit.');
    cleanup();
    expect(says(eligibility({}), 'el')).toBe(
      'Αυτή η διόρθωση είναι δωρεάν: διαθέσιμες για αυτό το έργο 2 από 3 δωρεάν διορθώσεις. Το υπόλοιπό σας μένει 5 πιστώσεις.',
    );
  });

  it('a paid fix: 1 credit and the balance after it (the free seller whose last credit it takes)', () => {
    const lastCredit = eligibility({
      will_use_credits: true,
      free_fixes_remaining: 0,
      free_fixes_per_project: 0,
      credits_remaining: 1,
    });
    expect(says(lastCredit, 'en')).toBe(
      'This fix costs 1 credit: your plan includes no free fixes. Your balance will be 0 credits.',
    );
    cleanup();
    expect(says(lastCredit, 'el')).toBe(
      'Αυτή η διόρθωση κοστίζει 1 πίστωση: το πλάνο σας δεν περιλαμβάνει δωρεάν διορθώσεις. Το υπόλοιπό σας θα είναι 0 πιστώσεις.',
    );
    cleanup();
    expect(
      says(
        eligibility({
          will_use_credits: true,
          free_fixes_remaining: 0,
          free_fixes_per_project: 2,
          credits_remaining: 2.5,
        }),
        'en',
      ),
    ).toBe(
      'This fix costs 1 credit: the 2 free fixes for this project are used. Your balance will be 1.5 credits.',
    );
  });
});

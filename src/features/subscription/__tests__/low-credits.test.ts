import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import {
  lowCreditsSubtext,
  lowCreditsTitle,
  readDismissedBalance,
  shouldPromptLowCredits,
} from '../low-credits.ts';
import { buildPlanFacts } from './builders.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('low-credits modal', () => {
  it('titles by balance', () => {
    expect(i18n._(lowCreditsTitle(0))).toBe("You've used all your credits");
    expect(i18n._(lowCreditsTitle(-1))).toBe("You've used all your credits");
    expect(i18n._(lowCreditsTitle(2))).toBe("You're running low on credits (2 left)");
    expect(i18n._(lowCreditsSubtext)).toBe('Upgrade your plan to continue creating amazing fashion content');
  });

  it('opens for paid plans at their threshold (3) or fewer', () => {
    const lite = buildPlanFacts('lite');
    expect(shouldPromptLowCredits({ credits_remaining: 3 }, lite, null)).toBe(true);
    expect(shouldPromptLowCredits({ credits_remaining: 4 }, lite, null)).toBe(false);
    expect(shouldPromptLowCredits({ credits_remaining: 0 }, buildPlanFacts('free'), null)).toBe(false);
    expect(shouldPromptLowCredits(null, lite, null)).toBe(false);
    expect(shouldPromptLowCredits({ credits_remaining: 0 }, undefined, null)).toBe(false);
  });

  it('stays closed after Maybe Later until the balance changes', () => {
    const pro = buildPlanFacts('pro');
    expect(shouldPromptLowCredits({ credits_remaining: 2 }, pro, 2)).toBe(false);
    expect(shouldPromptLowCredits({ credits_remaining: 1 }, pro, 2)).toBe(true);
  });

  it('reads the dismissed balance from storage', () => {
    const storage = (v: string | null) => ({ getItem: () => v });
    expect(readDismissedBalance(storage(null))).toBeNull();
    expect(readDismissedBalance(storage('2'))).toBe(2);
    expect(readDismissedBalance(storage('x'))).toBeNull();
  });
});

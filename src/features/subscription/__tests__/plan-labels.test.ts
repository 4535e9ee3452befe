import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { planBadge } from '../plan-labels.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('planBadge', () => {
  it("reads 'Free Plan' or the capitalised plan name plus ' Plan'", () => {
    expect(i18n._(planBadge('free'))).toBe('Free Plan');
    expect(i18n._(planBadge('lite'))).toBe('Lite Plan');
    expect(i18n._(planBadge('pro'))).toBe('Pro Plan');
    expect(i18n._(planBadge('advanced'))).toBe('Advanced Plan');
  });
});

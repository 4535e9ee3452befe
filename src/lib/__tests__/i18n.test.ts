// @vitest-environment happy-dom
// The two catalogues: the first screens' words come first; the rest arrive when a screen behind
// sign-in asks for them, and a language switch after that brings the whole new language.
import { msg } from '@lingui/core/macro';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, browserLocale, i18n, loadAllMessages, storedLocale } from '../i18n.ts';
import { localSettings, STORAGE_KEYS } from '../local-settings.ts';

// on the sign-in screen (first catalogue) and on /home (the rest)
const signIn = msg`Sign in`;
const name = 'Anna';
const welcome = msg`Welcome back, ${name}`;

describe('language catalogues', () => {
  it('load the first screens’ words first, the rest on demand, and switch whole languages', async () => {
    await activateLocale('el', false);
    expect(i18n._(signIn)).toBe('Σύνδεση');
    // not loaded yet: Lingui falls back to the English source
    expect(i18n._(welcome)).toBe('Welcome back, Anna');
    expect(document.documentElement.lang).toBe('el');

    await loadAllMessages();
    expect(i18n._(welcome)).toBe('Καλώς ήρθατε ξανά, Anna');
    expect(i18n._(signIn)).toBe('Σύνδεση');

    await activateLocale('en', false);
    expect(i18n._(welcome)).toBe('Welcome back, Anna');
    await activateLocale('el', false);
    // the whole Greek catalogue at once, without asking again
    expect(i18n._(welcome)).toBe('Καλώς ήρθατε ξανά, Anna');
  });
});

describe('the language a first visit opens in', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it("is the browser's first preferred language Drape speaks: Greek for el*, else English", () => {
    expect(browserLocale(['el-GR', 'el', 'en-US'])).toBe('el');
    expect(browserLocale(['el'])).toBe('el');
    expect(browserLocale(['EL_gr'])).toBe('el');
    expect(browserLocale(['de-DE', 'el-GR'])).toBe('el');
    expect(browserLocale(['en-GB', 'el-GR'])).toBe('en');
    expect(browserLocale(['de-DE', 'fr'])).toBe('en');
    expect(browserLocale(['ell', 'else'])).toBe('en');
    expect(browserLocale([])).toBe('en');
    expect(browserLocale(undefined)).toBe('en');
  });

  it("follows a Greek phone until the seller picks a language; the seller's choice always wins", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['el-GR', 'en-US']);
    expect(storedLocale()).toBe('el');
    localSettings.write(STORAGE_KEYS.language, 'en');
    expect(storedLocale()).toBe('en');
  });
});

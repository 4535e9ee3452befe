// @vitest-environment happy-dom
// The two catalogues: the first screens' words come first; the rest arrive when a screen behind
// sign-in asks for them, and a language switch after that brings the whole new language.
import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { activateLocale, i18n, loadAllMessages } from '../i18n.ts';

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

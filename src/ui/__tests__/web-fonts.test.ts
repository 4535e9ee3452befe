// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  WEB_FONTS_ATTRIBUTE,
  WEB_FONTS_LATER,
  allowWebFonts,
  allowWebFontsUnlessHeld,
  nextScreen,
  webFontsAllowed,
} from '../web-fonts.ts';

function fakeFonts(fail: string[] = []) {
  const asked: [string, string][] = [];
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fonts = {
    async load(face: string, text = '') {
      asked.push([face, text]);
      await arrived;
      if (fail.includes(face)) throw new Error('network');
      return [];
    },
  } as Pick<FontFaceSet, 'load'>;
  return { fonts, asked, release };
}

describe('the app’s type faces', () => {
  it('are allowed only once every first-screen face has arrived: one new layout, not four', async () => {
    const root = document.createElement('html');
    const { fonts, asked, release } = fakeFonts();
    const done = allowWebFonts('en', { fonts, root });
    await Promise.resolve();
    expect(asked.map(([face]) => face)).toEqual([
      '400 1em "Inter"',
      '500 1em "Inter"',
      '600 1em "Inter"',
      '600 1em "Noto Serif Display"',
    ]);
    expect(webFontsAllowed(root)).toBe(false);
    release();
    await done;
    expect(root.hasAttribute(WEB_FONTS_ATTRIBUTE)).toBe(true);
  });

  it('asks for the Greek letters on a Greek screen', async () => {
    const { fonts, asked, release } = fakeFonts();
    release();
    await allowWebFonts('el', { fonts, root: document.createElement('html') });
    expect(asked.every(([, text]) => /Α/.test(text))).toBe(true);
  });

  it('does not wait on a face that fails, nor ask again once allowed', async () => {
    const root = document.createElement('html');
    const { fonts, asked, release } = fakeFonts(['500 1em "Inter"']);
    release();
    await allowWebFonts('en', { fonts, root });
    expect(webFontsAllowed(root)).toBe(true);
    await allowWebFonts('en', { fonts, root });
    expect(asked).toHaveLength(4);
  });

  it('switches with the next screen, not as the faces arrive', async () => {
    const root = document.createElement('html');
    const { fonts, release } = fakeFonts();
    release();
    const listeners: (() => void)[] = [];
    const router = {
      subscribe(_event: 'onBeforeRouteMount', fn: () => void) {
        listeners.push(fn);
        return () => listeners.splice(listeners.indexOf(fn), 1);
      },
    };
    const done = allowWebFonts('en', { fonts, root, switchWhen: nextScreen(router) });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(webFontsAllowed(root)).toBe(false);
    for (const fn of [...listeners]) fn();
    await done;
    expect(webFontsAllowed(root)).toBe(true);
    expect(listeners).toEqual([]);
  });

  it('are allowed as the app starts unless the first-screen script held them back', () => {
    const plain = document.createElement('html');
    allowWebFontsUnlessHeld(plain);
    expect(webFontsAllowed(plain)).toBe(true);
    const held = document.createElement('html');
    held.setAttribute(WEB_FONTS_ATTRIBUTE, WEB_FONTS_LATER);
    allowWebFontsUnlessHeld(held);
    expect(webFontsAllowed(held)).toBe(false);
  });
});

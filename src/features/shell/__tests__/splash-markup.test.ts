// @vitest-environment happy-dom
// The splash lives in index.html (it paints before any script), outside Lingui and the theme:
// these tests hold its words to the catalogues, its colours to the theme, and run its inline
// script to check when it shows and in which language.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/local-settings.ts';
import { SPLASH_WORDS } from '../components/splash.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const html = readFileSync(path.join(root, 'index.html'), 'utf8');
const splashMarkup = html.match(/<div id="splash"[\s\S]*?\n {4}<\/div>/)![0];
const inlineScript = html.match(/<script>([\s\S]*?)<\/script>/)![1];

// the splash's words are the first screens' (src/locales/<locale>/first.po)
function catalogue(locale: 'en' | 'el'): Map<string, string> {
  const po = readFileSync(path.join(root, `src/locales/${locale}/first.po`), 'utf8');
  const entries = new Map<string, string>();
  for (const m of po.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) entries.set(m[1], m[2]);
  return entries;
}

function openPage() {
  document.documentElement.lang = 'en';
  document.body.innerHTML = `${splashMarkup}<div id="root"></div>`;
  new Function(inlineScript)();
  return document.getElementById('splash');
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the static splash in index.html', () => {
  const en = catalogue('en');
  const el = catalogue('el');
  const label = SPLASH_WORDS.label.message!;
  const tagline = SPLASH_WORDS.tagline.message!;

  it('shows on the first page of a browser session, in English by default', () => {
    const splash = openPage();
    expect(splash).not.toBeNull();
    expect(splash!.getAttribute('role')).toBe('status');
    expect(splash!.getAttribute('aria-label')).toBe(label);
    expect(splash!.querySelector('.splash-tagline')!.textContent).toBe(tagline);
    expect(en.has(label) && en.has(tagline)).toBe(true);
  });

  it('speaks Greek when Greek was chosen, with the catalogue’s words', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'el');
    const splash = openPage();
    expect(document.documentElement.lang).toBe('el');
    expect(splash!.getAttribute('aria-label')).toBe(el.get(label));
    expect(splash!.querySelector('.splash-tagline')!.textContent).toBe(el.get(tagline));
  });

  it('speaks Greek on a Greek phone before any choice, and the choice wins over the phone', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['el-GR', 'en-US']);
    expect(openPage()!.getAttribute('aria-label')).toBe(el.get(label));
    expect(document.documentElement.lang).toBe('el');
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    expect(openPage()!.getAttribute('aria-label')).toBe(label);
    expect(document.documentElement.lang).toBe('en');
  });

  it('is gone before the first paint once this session has seen it', () => {
    sessionStorage.setItem(STORAGE_KEYS.splashSeen, '1');
    expect(openPage()).toBeNull();
  });

  it('uses the theme’s colours', () => {
    const theme = readFileSync(path.join(root, 'src/ui/theme.css.ts'), 'utf8');
    const token = (name: string) => theme.match(new RegExp(`\\b${name}: '(#[0-9a-f]{6})'`))![1];
    const style = html.match(/<style>([\s\S]*?)<\/style>/)![1];
    for (const name of ['ink', 'onInk', 'accent']) expect(style).toContain(token(name));
    expect(html).toContain(`<meta name="theme-color" content="${token('ink')}"`);
  });
});

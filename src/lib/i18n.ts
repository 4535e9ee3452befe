// Lingui setup: English (default) and Greek; the seller's choice is kept in localStorage
// ("language"); until there is one, the browser's preferred languages decide.
import { i18n, type Messages } from '@lingui/core';
import { localSettings, STORAGE_KEYS } from './local-settings.ts';

export const LOCALES = ['en', 'el'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (v: unknown): v is Locale =>
  typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/**
 * The language the browser asks for: the first of its preferred languages that Drape speaks
 * ('el', 'el-GR' → Greek; 'en-…' → English), English when none is. index.html's splash script
 * applies the same rule before the first paint.
 */
export function browserLocale(languages: readonly string[] | undefined): Locale {
  for (const tag of languages ?? []) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/** The seller's own choice on this device when there is one (it always wins), else the browser's. */
export function storedLocale(): Locale {
  const v = localSettings.read(STORAGE_KEYS.language);
  return isLocale(v) ? v : browserLocale(navigatorLanguages());
}

// Each language comes in two catalogues (lingui.config.ts): `first`, the messages of the
// sign-in screens, shell and errors, which the first screen waits for; and `messages`, the
// rest, which a screen behind sign-in waits for (loadAllMessages) and which is fetched as soon
// as the first screen is up.
type Catalogue = () => Promise<{ messages: Messages }>;
const catalogues: Record<Locale, { first: Catalogue; rest: Catalogue }> = {
  en: { first: () => import('../locales/en/first.po'), rest: () => import('../locales/en/messages.po') },
  el: { first: () => import('../locales/el/first.po'), rest: () => import('../locales/el/messages.po') },
};

/** Whether a screen beyond the first ones asked for every message: a language switch then loads all. */
let allWanted = false;
/** The language whose whole catalogue is loaded, if any. */
let allLoaded: Locale | null = null;

async function loadMessages(locale: Locale, all: boolean): Promise<Messages> {
  const parts = await Promise.all([catalogues[locale].first(), ...(all ? [catalogues[locale].rest()] : [])]);
  return Object.assign({}, ...parts.map((p) => p.messages));
}

export async function activateLocale(locale: Locale, persist = true) {
  const all = allWanted;
  const messages = await loadMessages(locale, all);
  // a screen asked for every message while the first ones were loading
  if (allWanted && !all) Object.assign(messages, (await catalogues[locale].rest()).messages);
  i18n.loadAndActivate({ locale, messages });
  if (allWanted) allLoaded = locale;
  document.documentElement.lang = locale;
  if (persist) localSettings.write(STORAGE_KEYS.language, locale);
}

/** Resolves once every message of the active language is loaded (routes behind sign-in wait for it). */
export async function loadAllMessages(): Promise<void> {
  allWanted = true;
  const locale = currentLocale();
  if (allLoaded === locale) return;
  const { messages } = await catalogues[locale].rest();
  // a language switch meanwhile loaded its own whole catalogue
  if (currentLocale() !== locale) return;
  i18n.load(locale, messages);
  allLoaded = locale;
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

export { i18n };

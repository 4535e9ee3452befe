// Lingui setup: English (default) and Greek; the choice is kept in localStorage ("language").
import { i18n, type Messages } from '@lingui/core';
import { localSettings, STORAGE_KEYS } from './local-settings.ts';

export const LOCALES = ['en', 'el'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (v: unknown): v is Locale =>
  typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

export function storedLocale(): Locale {
  const v = localSettings.read(STORAGE_KEYS.language);
  return isLocale(v) ? v : DEFAULT_LOCALE;
}

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
  el: () => import('../locales/el/messages.po'),
};

export async function activateLocale(locale: Locale, persist = true) {
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  if (persist) localSettings.write(STORAGE_KEYS.language, locale);
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

export { i18n };

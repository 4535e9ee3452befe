import { useLingui } from '@lingui/react';
import { activateLocale, isLocale, DEFAULT_LOCALE, type Locale } from '../../lib/i18n.ts';

/** The active interface language and a setter that loads, activates and remembers another. */
export function useLocale(): [Locale, (next: Locale) => Promise<void>] {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  return [locale, (next) => activateLocale(next)];
}

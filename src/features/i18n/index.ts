export { LanguageSwitch } from './language-switch.tsx';
export { useLocale } from './use-locale.ts';
export const LANGUAGE_NAMES = { en: 'English', el: 'Ελληνικά' } as const;

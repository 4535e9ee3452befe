export { LanguageSwitch } from './language-switch.tsx';
export { useLocale } from './use-locale.ts';
export { LANGUAGE_NAMES } from './language-names.ts';

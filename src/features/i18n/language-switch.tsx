import { useLingui } from '@lingui/react/macro';
import { LOCALES, type Locale } from '../../lib/i18n.ts';
import { useLocale } from './use-locale.ts';
import * as s from './language-switch.css.ts';
import { LANGUAGE_NAMES } from './language-names.ts';

const short: Record<Locale, string> = { en: 'EN', el: 'ΕΛ' };

/** A compact EN / ΕΛ toggle for the screens outside the app (settings has the full picker). */
export function LanguageSwitch() {
  const { t } = useLingui();
  const [locale, setLocale] = useLocale();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, not a form section for a <fieldset>
    <div className={s.group} role="group" aria-label={t`Language`}>
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          className={s.option}
          aria-pressed={l === locale}
          // the name starts with what the button shows (EN), then says it in full
          aria-label={`${short[l]} · ${LANGUAGE_NAMES[l]}`}
          lang={l}
          onClick={() => void setLocale(l)}
        >
          {short[l]}
        </button>
      ))}
    </div>
  );
}

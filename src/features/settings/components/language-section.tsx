import { Trans, useLingui } from '@lingui/react/macro';
import { LOCALES } from '../../../lib/i18n.ts';
import { LANGUAGE_NAMES, useLocale } from '../../i18n/index.ts';
import { SettingsSection } from './settings-section.tsx';
import * as s from './settings.css.ts';

export function LanguageSection() {
  const { t } = useLingui();
  const [locale, setLocale] = useLocale();
  return (
    <SettingsSection title={<Trans>Language</Trans>} description={<Trans>The language of the interface on this device.</Trans>}>
      <fieldset className={s.radioGroup} aria-label={t`Interface language`}>
        {LOCALES.map((l) => (
          <label key={l} className={s.radio} lang={l}>
            <input type="radio" name="language" value={l} checked={locale === l} onChange={() => void setLocale(l)} className={s.radioInput} />
            {LANGUAGE_NAMES[l]}
          </label>
        ))}
      </fieldset>
    </SettingsSection>
  );
}

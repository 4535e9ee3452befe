import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOCALES, type Locale } from '../../../lib/i18n.ts';
import { LANGUAGE_NAMES, useLocale } from '../../i18n/index.ts';
import { SettingsSection } from './settings-section.tsx';
import * as s from './settings.css.ts';

export function LanguageSection() {
  const { t } = useLingui();
  const [locale, setLocale] = useLocale();
  // The choice shows at once; the catalogue loads in the background.
  const [choosing, setChoosing] = useState<Locale | null>(null);
  const choose = (l: Locale) => {
    setChoosing(l);
    void setLocale(l).finally(() => setChoosing(null));
  };
  return (
    <SettingsSection
      title={<Trans>Language</Trans>}
      description={<Trans>The language of the interface on this device.</Trans>}
    >
      <fieldset className={s.radioGroup} aria-label={t`Interface language`}>
        {LOCALES.map((l) => (
          <label key={l} className={s.radio} lang={l}>
            <input
              type="radio"
              name="language"
              value={l}
              checked={(choosing ?? locale) === l}
              onChange={() => choose(l)}
              className={s.radioInput}
            />
            {LANGUAGE_NAMES[l]}
          </label>
        ))}
      </fieldset>
    </SettingsSection>
  );
}

import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../../projects/downloads.ts';
import { ENHANCE_FACTORS, type EnhanceFactor, fits, type Size } from '../enhancer/rules.ts';
import * as e from './image-enhancer.css.ts';

/** 2× or 4×, each with the size it gives; a factor that would pass 4096 px cannot be chosen. */
export function FactorChoice({
  photo,
  value,
  disabled,
  onChange,
}: {
  photo: Size | null;
  value: EnhanceFactor;
  disabled: boolean;
  onChange: (factor: EnhanceFactor) => void;
}) {
  const legend = useId();
  const locale = currentLocale();
  return (
    <fieldset className={e.options} style={{ ['--choices' as string]: 2 }} aria-labelledby={legend}>
      <legend id={legend} className={e.legend}>
        <Trans>Enlarge</Trans>
      </legend>
      {ENHANCE_FACTORS.map((factor) => {
        const allowed = !photo || fits(photo, factor);
        const size = photo
          ? `${formatNumber(photo.width * factor, locale)} × ${formatNumber(photo.height * factor, locale)}`
          : null;
        return (
          <label key={factor} className={e.option}>
            <input
              type="radio"
              name="enhance-factor"
              className={e.radio}
              value={factor}
              checked={value === factor}
              disabled={disabled || !allowed}
              onChange={() => onChange(factor)}
            />
            {factor}×
            <span className={e.optionHint}>
              {!allowed ? <Trans>over 4096 px</Trans> : size ? <Trans>{size} px</Trans> : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** PNG, JPG or WebP, as a project's download offers them. */
export function FormatChoice({
  value,
  onChange,
}: {
  value: DownloadFormat;
  onChange: (format: DownloadFormat) => void;
}) {
  const { t } = useLingui();
  const legend = useId();
  const hints: Record<DownloadFormat, string> = {
    png: t`Best quality`,
    jpg: t`Smallest file`,
    webp: t`Small, sharp`,
  };
  return (
    <fieldset className={e.options} style={{ ['--choices' as string]: 3 }} aria-labelledby={legend}>
      <legend id={legend} className={e.legend}>
        <Trans>Format</Trans>
      </legend>
      {DOWNLOAD_FORMATS.map((f) => (
        <label key={f} className={e.option}>
          <input
            type="radio"
            name="enhance-format"
            className={e.radio}
            value={f}
            checked={value === f}
            onChange={() => onChange(f)}
          />
          {f === 'webp' ? 'WebP' : f.toUpperCase()}
          <span className={e.optionHint}>{hints[f]}</span>
        </label>
      ))}
    </fieldset>
  );
}

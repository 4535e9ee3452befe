import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { GARMENT_TYPES, type GarmentType } from '../model/draft.ts';
import { GARMENT_TYPE_REQUIRED } from '../photo-messages.ts';
import { garmentTypeLabel } from '../catalogue-text.ts';
import * as s from './upload.css.ts';

/** Flat-lay: what the photo shows — a top, a bottom or a full outfit (spec 2 §2, §4). */
export function GarmentTypePicker({
  value,
  onChange,
}: {
  value: GarmentType | null;
  onChange: (t: GarmentType) => void;
}) {
  const { i18n } = useLingui();
  const name = useId();
  return (
    <fieldset className={s.garment} aria-describedby={value ? undefined : `${name}-error`}>
      <legend className={s.garmentLegend}>
        <Trans>Garment type</Trans>
      </legend>
      <div className={s.garmentOptions}>
        {GARMENT_TYPES.map((type) => (
          <label key={type} className={s.garmentOption}>
            <input
              className={s.garmentInput}
              type="radio"
              name={name}
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
            />
            {i18n._(garmentTypeLabel[type])}
          </label>
        ))}
      </div>
      {!value && (
        <p id={`${name}-error`} className={s.fieldError}>
          {i18n._(GARMENT_TYPE_REQUIRED)}
        </p>
      )}
    </fieldset>
  );
}

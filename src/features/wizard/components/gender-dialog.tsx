import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../ui/index.ts';
import { GENDERS, type Gender } from '../model/draft.ts';
import { genderLabel } from '../catalogue-text.ts';
import * as s from './models-step.css.ts';

/** Women or Men, asked when the models step opens; the answer is remembered (selectedGender). */
export function GenderDialog({
  open,
  current,
  onChoose,
}: {
  open: boolean;
  current: Gender;
  onChoose: (g: Gender) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Dialog
      open={open}
      onClose={() => onChoose(current)}
      title={t`Who will wear your garment?`}
      description={t`Choose the models to show. You can switch at any time.`}
    >
      <div className={s.genderChoices}>
        {GENDERS.map((g) => (
          <button
            key={g}
            type="button"
            className={s.genderChoice}
            data-current={g === current}
            onClick={() => onChoose(g)}
          >
            <img
              className={s.genderImage}
              src={
                g === 'women'
                  ? '/catalogue/models/elena/01.w480.webp'
                  : '/catalogue/models/nikos/01.w480.webp'
              }
              alt=""
            />
            <span className={s.genderName}>{i18n._(genderLabel[g])}</span>
          </button>
        ))}
      </div>
      <p className={s.genderNote}>
        <Trans>Your choice is remembered on this device.</Trans>
      </p>
    </Dialog>
  );
}

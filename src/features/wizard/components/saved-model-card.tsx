import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Icon } from '../../../ui/index.ts';
import { type SellerModel, genderWords } from '../../models/index.ts';
import { useSavedModelPictures } from '../hooks/use-saved-models.ts';
import * as c from './selectable-card.css.ts';
import * as s from './saved-models.css.ts';

/** One of the seller's saved models: its front view, name, gender and age range. Chosen like a
 *  catalogue model; the pose step then picks which of its three views is sent. */
export function SavedModelCard({
  model,
  selected,
  onSelect,
}: {
  model: SellerModel;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t, i18n } = useLingui();
  const pictures = useSavedModelPictures(model);
  const name = model.name;
  return (
    <article className={c.card} data-selected={selected} aria-label={model.name}>
      <button
        type="button"
        className={c.choose}
        aria-pressed={selected}
        aria-label={t`Choose ${name}`}
        onClick={onSelect}
      />
      {selected && (
        <span className={c.tick}>
          <Icon name="check" size={16} />
        </span>
      )}
      <div className={c.media}>
        {pictures.data && <img className={s.picture} src={pictures.data.front} alt="" />}
        <Badge tone="ink" className={c.newBadge}>
          <Trans>My model</Trans>
        </Badge>
      </div>
      <div className={c.body}>
        <p className={c.name}>{model.name}</p>
        <p className={c.sub}>
          {i18n._(genderWords[model.gender === 'men' ? 'men' : 'women'])} ·{' '}
          <Trans>{model.age_range} years</Trans>
        </p>
      </div>
    </article>
  );
}

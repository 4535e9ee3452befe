import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Icon } from '../../../ui/index.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { CatalogueModel } from '../api.ts';
import { modelName } from '../catalogue-text.ts';
import { CatalogueImage } from './catalogue-image.tsx';
import * as c from './selectable-card.css.ts';

interface ModelCardProps {
  model: CatalogueModel;
  selected: boolean;
  favourite: boolean;
  onSelect: () => void;
  onPreview: () => void;
  onToggleFavourite: () => void;
}

/** A catalogue model (230 px): picture, name and age range, new badge, preview and a local favourite. */
export function ModelCard({
  model,
  selected,
  favourite,
  onSelect,
  onPreview,
  onToggleFavourite,
}: ModelCardProps) {
  const { t } = useLingui();
  const name = modelName(model, currentLocale());
  return (
    <article className={c.card} data-selected={selected} aria-label={name}>
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
        <CatalogueImage path={model.imagePath} alt="" sizes="(max-width: 767px) 50vw, 230px" />
        {model.isNew && (
          <Badge tone="ink" className={c.newBadge}>
            <Trans>New</Trans>
          </Badge>
        )}
      </div>
      <div className={c.corner}>
        <button type="button" className={c.roundButton} aria-label={t`Preview ${name}`} onClick={onPreview}>
          <Icon name="eye" size={18} />
        </button>
        <button
          type="button"
          className={c.roundButton}
          aria-pressed={favourite}
          aria-label={t`Favourite ${name}`}
          onClick={onToggleFavourite}
        >
          <Icon name="heart" size={18} fill={favourite ? 'currentColor' : 'none'} />
        </button>
      </div>
      <div className={c.body}>
        <p className={c.name}>{name}</p>
        <p className={c.sub}>
          <Trans>{model.ageRange} years</Trans>
        </p>
      </div>
    </article>
  );
}

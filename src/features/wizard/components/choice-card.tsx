import type { ReactNode } from 'react';
import { Icon } from '../../../ui/index.ts';
import * as c from './selectable-card.css.ts';

/**
 * A picture card chosen as a whole, one of a radiogroup: the pose and background steps' cards.
 * The whole card is the radio; a tick marks the chosen one.
 */
export function ChoiceCard({
  name,
  detail,
  selected,
  onSelect,
  wide = false,
  children,
}: {
  name: string;
  detail: string;
  selected: boolean;
  onSelect: () => void;
  /** a landscape picture (backgrounds) instead of a portrait one */
  wide?: boolean;
  /** the picture */
  children: ReactNode;
}) {
  return (
    <article className={c.card} data-selected={selected}>
      {/* biome-ignore lint/a11y/useSemanticElements: a picture card chosen as a whole; role radio in a radiogroup says the one-of-many */}
      <button
        type="button"
        role="radio"
        aria-checked={selected}
        aria-label={name}
        className={c.choose}
        onClick={onSelect}
      />
      {selected && (
        <span className={c.tick}>
          <Icon name="check" size={16} />
        </span>
      )}
      <div className={wide ? [c.media, c.mediaWide].join(' ') : c.media}>{children}</div>
      <div className={c.body}>
        <p className={c.name}>{name}</p>
        <p className={c.sub}>{detail}</p>
      </div>
    </article>
  );
}

import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../../ui/index.ts';
import type { VideoStyle } from '../api.ts';
import * as s from './style-card.css.ts';

const sized = (path: string, width: number) => path.replace(/\.webp$/, `.w${width}.webp`);

/**
 * A preset style: its still, and its clip while hovered, focused or chosen (a tap on a
 * phone chooses it, so the clip plays there too). Clips load only when they play.
 */
export function StyleCard({
  style,
  selected,
  onSelect,
}: {
  style: VideoStyle;
  selected: boolean;
  onSelect: () => void;
}) {
  const { i18n } = useLingui();
  const [hover, setHover] = useState(false);
  const name = i18n.locale === 'el' ? style.name_el : style.name_en;
  const playing = hover || selected;
  return (
    <button
      type="button"
      className={s.card}
      aria-pressed={selected}
      onClick={onSelect}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHover(true)}
      onPointerLeave={() => setHover(false)}
      onFocus={() => setHover(true)}
      onBlur={() => setHover(false)}
      data-testid={`video-style-${style.id}`}
    >
      <img
        className={s.media}
        src={sized(style.preview_image_path, 480)}
        srcSet={`${sized(style.preview_image_path, 480)} 480w, ${sized(style.preview_image_path, 768)} 768w`}
        sizes="(min-width: 640px) 240px, 50vw"
        alt=""
        loading="lazy"
        decoding="async"
      />
      {playing && (
        <video
          className={s.media}
          src={style.preview_video_path}
          poster={sized(style.preview_image_path, 480)}
          muted
          loop
          autoPlay
          playsInline
          preload="auto"
          tabIndex={-1}
        />
      )}
      <span className={s.label}>
        <span>{name}</span>
        <span className={s.play} aria-hidden="true">
          <Icon name="play" size={12} />
        </span>
      </span>
      {selected && (
        <span className={s.check} aria-hidden="true">
          <Icon name="check" size={16} />
        </span>
      )}
    </button>
  );
}

import { useState, type CSSProperties, type PointerEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CatalogueImage } from './catalogue-image.tsx';
import * as s from './background-step.css.ts';

/** Regular and blurred side by side; moving over it (or dragging on a phone) moves the divider. */
export function BlurComparison({ path, blurredPath }: { path: string | null; blurredPath: string | null }) {
  const { t } = useLingui();
  const [split, setSplit] = useState(50);
  const follow = (e: PointerEvent<HTMLElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    setSplit(Math.min(100, Math.max(0, ((e.clientX - box.left) / box.width) * 100)));
  };
  return (
    <figure
      className={s.compare}
      style={{ '--split': `${split}%` } as CSSProperties}
      onPointerMove={follow}
      onPointerDown={follow}
      onPointerLeave={() => setSplit(50)}
      aria-label={t`Regular and blurred background compared`}
    >
      <span className={s.compareLayer}>
        <CatalogueImage path={path} alt="" sizes="220px" />
      </span>
      <span className={s.compareBlurred}>
        <CatalogueImage path={blurredPath ?? path} alt="" sizes="220px" blurred={!blurredPath} />
      </span>
      <span className={s.compareDivider} aria-hidden="true" />
      <span className={[s.compareLabel, s.labelLeft].join(' ')}>
        <Trans>Regular</Trans>
      </span>
      <span className={[s.compareLabel, s.labelRight].join(' ')}>
        <Trans>Blurred</Trans>
      </span>
    </figure>
  );
}

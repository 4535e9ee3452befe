import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Dialog, Icon } from '../../../ui/index.ts';
import { CREATE_TIPS, type Tip } from '../tips.ts';
import { FlatLayArt } from './create-art.tsx';
import * as s from './create.css.ts';

/** A list of tips as a carousel (the three of /create unless told): previous/next, dots, arrow keys. */
export function TipsDialog({
  open,
  onClose,
  tips = CREATE_TIPS,
}: {
  open: boolean;
  onClose: () => void;
  tips?: Tip[];
}) {
  const { t, i18n } = useLingui();
  const [index, setIndex] = useState(0);
  const count = tips.length;
  const tip = tips[index];
  const go = (i: number) => setIndex((i + count) % count);
  // arrow keys turn the tips wherever focus is in the open dialog
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') setIndex((i) => (i + 1) % count);
      if (e.key === 'ArrowLeft') setIndex((i) => (i - 1 + count) % count);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, count]);
  const n = index + 1;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t`Tips for better results`}
      description={t`Tip ${n} of ${count}`}
    >
      <section className={s.tip} aria-roledescription={t`carousel`} aria-label={t`Tips`}>
        <div className={s.tipArt}>
          {tip.image ? <img className={s.artImage} src={tip.image} alt="" /> : <FlatLayArt />}
        </div>
        <h3 className={s.tipTitle} aria-live="polite">
          {i18n._(tip.title)}
        </h3>
        <p className={s.tipText}>{i18n._(tip.content)}</p>
        <div className={s.tipNav}>
          <Button variant="secondary" size="sm" onClick={() => go(index - 1)} aria-label={t`Previous tip`}>
            <Icon name="chevronLeft" size={18} />
          </Button>
          <div className={s.dots}>
            {tips.map((x, i) => (
              <button
                key={x.id}
                type="button"
                className={s.dot}
                aria-current={i === index ? 'true' : undefined}
                aria-label={t`Tip ${i + 1}`}
                onClick={() => go(i)}
              />
            ))}
          </div>
          {index < count - 1 ? (
            <Button variant="secondary" size="sm" onClick={() => go(index + 1)} aria-label={t`Next tip`}>
              <Icon name="chevronRight" size={18} />
            </Button>
          ) : (
            <Button size="sm" onClick={onClose}>
              <Trans>Got it</Trans>
            </Button>
          )}
        </div>
      </section>
    </Dialog>
  );
}

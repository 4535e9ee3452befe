import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Dialog, Icon, Skeleton } from '../../../ui/index.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { CatalogueModel } from '../api.ts';
import { modelName } from '../catalogue-text.ts';
import { useModelMedia } from '../hooks/use-catalogue.ts';
import * as s from './model-gallery.css.ts';

interface ModelGalleryDialogProps {
  model: CatalogueModel | null;
  onClose: () => void;
  onChoose: (model: CatalogueModel) => void;
}

/** A model's photos and clip: previous/next, arrow keys, thumbnails, Escape to close. */
export function ModelGalleryDialog({ model, onClose, onChoose }: ModelGalleryDialogProps) {
  const { t } = useLingui();
  const media = useModelMedia(model?.id ?? null);
  const [index, setIndex] = useState(0);
  const [broken, setBroken] = useState(false);
  const items = media.data ?? [];
  const count = items.length;
  const current = items[Math.min(index, Math.max(count - 1, 0))];

  // a new model starts at its first picture
  useEffect(() => {
    if (model) {
      setIndex(0);
      setBroken(false);
    }
  }, [model]);

  const go = (delta: number) => {
    if (count < 2) return;
    setBroken(false);
    setIndex((i) => (i + delta + count) % count);
  };
  // arrow keys page through the pictures wherever focus is in the open dialog
  useEffect(() => {
    if (!model || count < 2) return;
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, video')) return;
      e.preventDefault();
      setBroken(false);
      setIndex((i) => (i + (e.key === 'ArrowRight' ? 1 : -1) + count) % count);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [model, count]);
  const name = model ? modelName(model, currentLocale()) : '';
  const failed = media.isError || broken;

  return (
    <Dialog
      open={model !== null}
      onClose={onClose}
      size="wide"
      title={name}
      description={model ? <Trans>{model.ageRange} years</Trans> : undefined}
      footer={
        model && (
          <>
            <Button variant="secondary" onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
            <Button
              onClick={() => {
                onChoose(model);
                onClose();
              }}
            >
              <Trans>Choose this model</Trans>
            </Button>
          </>
        )
      }
    >
      <div className={s.gallery}>
        <div className={s.stage}>
          {media.isPending ? (
            <Skeleton height="100%" style={{ display: 'block' }} />
          ) : failed ? (
            <div className={s.message}>
              <Alert tone="error">
                <Trans>Failed to load media</Trans>
              </Alert>
            </div>
          ) : !current ? (
            <p className={s.message}>
              <Trans>No media found for this model</Trans>
            </p>
          ) : current.kind === 'video' ? (
            <video
              key={current.path}
              className={s.fill}
              src={current.path}
              autoPlay
              muted
              loop
              playsInline
              controls
              onError={() => setBroken(true)}
            />
          ) : (
            <img
              key={current.path}
              className={s.fill}
              src={current.path}
              alt={t`${name}, ${index + 1} of ${count}`}
              onError={() => setBroken(true)}
            />
          )}
          {count > 1 && !failed && (
            <>
              <button
                type="button"
                className={[s.nav, s.prev].join(' ')}
                aria-label={t`Previous`}
                onClick={() => go(-1)}
              >
                <Icon name="chevronLeft" size={22} />
              </button>
              <button
                type="button"
                className={[s.nav, s.next].join(' ')}
                aria-label={t`Next`}
                onClick={() => go(1)}
              >
                <Icon name="chevronRight" size={22} />
              </button>
              <span className={s.counter} aria-live="polite">
                {index + 1} / {count}
              </span>
            </>
          )}
        </div>
        {count > 1 && (
          <ul className={s.thumbs} aria-label={t`Pictures`}>
            {items.map((item, i) => (
              <li key={item.path}>
                <button
                  type="button"
                  className={s.thumb}
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={item.kind === 'video' ? t`Clip` : t`Picture ${i + 1}`}
                  onClick={() => {
                    setBroken(false);
                    setIndex(i);
                  }}
                >
                  {item.kind === 'video' ? (
                    <span className={s.clipThumb}>
                      <Icon name="video" size={20} />
                    </span>
                  ) : (
                    <img
                      className={s.thumbImage}
                      src={item.path.replace(/\.webp$/, '.w480.webp')}
                      alt=""
                      loading="lazy"
                    />
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

import { useRef } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Icon, Spinner } from '../../../ui/index.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { COMBINER_ACCEPT, MAX_COMBINER_IMAGES } from '../combiner/rules.ts';
import { type CombinerPhoto, usePhotoCombiner } from '../combiner/use-photo-combiner.ts';
import { combinerMessages } from '../messages.ts';
import { CreditNotice } from './credit-notice.tsx';
import { FileDrop } from './file-drop.tsx';
import { ToolHeader } from './tool-header.tsx';
import { useReveal } from './use-reveal.ts';
import * as c from './photo-combiner.css.ts';
import * as s from './tools.css.ts';

function Slot({
  photo,
  index,
  disabled,
  onRemove,
}: {
  photo: CombinerPhoto | undefined;
  index: number;
  disabled: boolean;
  onRemove: (id: string) => void;
}) {
  const { t } = useLingui();
  const position = index === 0 ? t`Top` : t`Bottom`;
  if (!photo) {
    return (
      <li className={[c.slot, c.emptySlot].join(' ')}>
        <Icon name="image" size={22} />
        <span>
          {index + 1} · {position}
        </span>
      </li>
    );
  }
  return (
    <li className={c.slot} data-testid="combiner-photo">
      <img className={c.thumb} src={photo.url} alt={`${position}: ${photo.file.name}`} />
      <div className={c.slotLabel}>
        <span className={c.order}>
          {index + 1} · {position}
        </span>
        <span className={c.fileName}>{photo.file.name}</span>
      </div>
      <button
        type="button"
        className={c.remove}
        disabled={disabled}
        onClick={() => onRemove(photo.id)}
        aria-label={t`Remove ${photo.file.name}`}
      >
        <Icon name="close" size={16} />
      </button>
    </li>
  );
}

/** "6.2 MB", "840 KB": a file's weight as upload forms state their limits. */
function fileWeight(bytes: number): string {
  const locale = currentLocale();
  return bytes >= 1_000_000
    ? `${formatNumber(bytes / 1_000_000, locale, 1)} MB`
    : `${formatNumber(Math.max(1, Math.round(bytes / 1000)), locale, 0)} KB`;
}

export function PhotoCombinerPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Photo Combiner`);
  const combiner = usePhotoCombiner();
  const { photos, phase, busy, result, problem } = combiner;
  const full = photos.length >= MAX_COMBINER_IMAGES;
  const resultPanel = useRef<HTMLElement>(null);
  useReveal(resultPanel, result !== null);
  const size = result
    ? `${formatNumber(result.width, currentLocale())} × ${formatNumber(result.height, currentLocale())}`
    : '';
  // the file's weight, so the seller knows it fits a shop's or a chat's upload limit
  const weight = result ? fileWeight(result.blob.size) : '';

  return (
    <div className={s.page}>
      <ToolHeader
        title={<Trans>Photo Combiner</Trans>}
        price={
          combiner.price !== undefined && (
            <Plural value={combiner.price} one="# credit per combination" other="# credits per combination" />
          )
        }
        lead={
          <Trans>
            Add a top and a bottom: they are stacked into one outfit photo on white, ready for the flat-lay
            flow. The combination starts by itself and downloads as a PNG.
          </Trans>
        }
      />

      {!combiner.enoughCredits && !problem?.insufficient && (
        <CreditNotice message={combinerMessages.insufficient} remaining={combiner.remaining} />
      )}

      <div className={s.panels}>
        <section className={s.panel} aria-labelledby="combiner-photos">
          <h2 id="combiner-photos" className={s.panelTitle}>
            <Trans>Your photos</Trans>
          </h2>
          {!full && (
            <FileDrop
              label={t`Add photos to combine`}
              title={<Trans>Drag and drop 2 photos here</Trans>}
              hint={<Trans>PNG, JPG or WebP · the first goes on top</Trans>}
              button={<Trans>Choose photos</Trans>}
              accept={COMBINER_ACCEPT}
              multiple
              disabled={busy}
              busy={combiner.adding ? <Trans>Reading your photos…</Trans> : undefined}
              onFiles={(files) => void combiner.addFiles(files)}
              testId="combiner-input"
            />
          )}
          <ul className={c.slots} aria-label={t`Selected photos`}>
            {[0, 1].map((i) => (
              <Slot
                key={photos[i]?.id ?? `empty-${i}`}
                photo={photos[i]}
                index={i}
                disabled={busy}
                onRemove={combiner.remove}
              />
            ))}
          </ul>
          {problem &&
            (problem.insufficient ? (
              <CreditNotice message={problem.message} remaining={combiner.remaining} />
            ) : (
              <Alert tone="error">{i18n._(problem.message)}</Alert>
            ))}
          <div className={s.actions}>
            <Button
              onClick={() => void combiner.combine()}
              loading={busy}
              disabled={busy || phase === 'ready'}
            >
              <Icon name="layers" size={18} />
              <Trans>Combine Images</Trans>
            </Button>
            <Button variant="secondary" onClick={combiner.clearAll} disabled={busy || photos.length === 0}>
              <Trans>Clear All</Trans>
            </Button>
          </div>
        </section>

        <section
          ref={resultPanel}
          className={[s.panel, s.revealTarget].join(' ')}
          aria-labelledby="combiner-result"
          aria-live="polite"
        >
          <h2 id="combiner-result" className={s.panelTitle}>
            <Trans>Combined photo</Trans>
          </h2>
          {result ? (
            <>
              <div className={c.preview}>
                <img
                  className={c.result}
                  src={result.url}
                  alt={t`Both garments stacked into one outfit`}
                  data-testid="combined-result"
                />
              </div>
              <p className={c.meta}>
                <Trans>
                  {size} pixels · PNG · {weight} · downloaded as {result.fileName}
                </Trans>
              </p>
              <div className={s.actions}>
                <Button onClick={combiner.download}>
                  <Icon name="download" size={18} />
                  <Trans>Download</Trans>
                </Button>
              </div>
            </>
          ) : busy ? (
            <div className={s.placeholder} role="status">
              <Spinner size={28} />
              <span>
                {phase === 'charging' ? <Trans>Finishing…</Trans> : <Trans>Combining your photos…</Trans>}
              </span>
            </div>
          ) : (
            <div className={s.placeholder}>
              <Icon name="layers" size={28} />
              <span>
                <Trans>Your combined photo appears here once both photos are in.</Trans>
              </span>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

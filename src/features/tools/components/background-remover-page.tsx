import { useRef } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Icon, Spinner } from '../../../ui/index.ts';
import { describeError } from '../../../lib/errors/index.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ACCEPT_ATTRIBUTE } from '../../../lib/photos/limits.ts';
import { removerMessages } from '../messages.ts';
import { removalPercent } from '../remover/rules.ts';
import { useBackgroundRemover } from '../remover/use-background-remover.ts';
import { BeforeAfter } from './before-after.tsx';
import { CreditNotice } from './credit-notice.tsx';
import { FileDrop } from './file-drop.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { ToolHeader } from './tool-header.tsx';
import { useReveal } from './use-reveal.ts';
import * as b from './background-remover.css.ts';
import * as s from './tools.css.ts';

const kb = (bytes: number) => Math.max(1, Math.round(bytes / 1024));

export function BackgroundRemoverPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Background Remover`);
  const remover = useBackgroundRemover();
  const { photo, stage, upload, result, problem } = remover;
  const locale = currentLocale();
  const resultPanel = useRef<HTMLElement>(null);
  useReveal(resultPanel, result !== null);

  const stageLabel =
    stage === 'uploading' ? (
      <Trans>Uploading your photo…</Trans>
    ) : stage === 'queued' ? (
      <Trans>Waiting for the background remover…</Trans>
    ) : stage === 'processing' ? (
      <Trans>Removing the background…</Trans>
    ) : (
      <Trans>Getting your result…</Trans>
    );
  const uploaded = upload ? formatNumber(kb(upload.loaded), locale) : '';
  const total = upload ? formatNumber(kb(upload.total), locale) : '';

  return (
    <div className={s.page}>
      <ToolHeader
        title={<Trans>Background Remover</Trans>}
        price={
          remover.price !== undefined && (
            <Plural value={remover.price} one="# credit per photo" other="# credits per photo" />
          )
        }
        lead={
          <Trans>
            Cut your product out of its background. You get a PNG with a transparent background, ready for any
            shop or marketplace. If the removal fails, your credits come back.
          </Trans>
        }
      />

      {!remover.enoughCredits && !problem?.insufficient && !result && (
        <CreditNotice message={removerMessages.insufficient} remaining={remover.remaining} />
      )}

      <div className={s.panels}>
        <section className={s.panel} aria-labelledby="remover-photo">
          <h2 id="remover-photo" className={s.panelTitle}>
            <Trans>Your photo</Trans>
          </h2>
          {photo ? (
            <>
              <div className={[b.chosen, result ? b.chosenDone : undefined].filter(Boolean).join(' ')}>
                <img className={b.chosenImage} src={photo.url} alt={t`Your product as uploaded`} />
              </div>
              <div className={b.chosenMeta}>
                <span className={b.fileName}>{photo.name}</span>
                <Button variant="ghost" size="sm" onClick={remover.reset} disabled={remover.working}>
                  <Trans>Choose another photo</Trans>
                </Button>
              </div>
            </>
          ) : (
            <FileDrop
              label={t`Upload a photo`}
              title={<Trans>Drag and drop your photo here</Trans>}
              hint={<Trans>One PNG, JPG or WebP photo (HEIC from an iPhone works too)</Trans>}
              button={<Trans>Choose a photo</Trans>}
              accept={ACCEPT_ATTRIBUTE}
              busy={remover.preparing ? <Trans>Preparing your photo…</Trans> : undefined}
              onFiles={(files) => void remover.choose(files)}
              testId="remover-input"
            />
          )}

          {stage && (
            <ProgressBar
              label={stageLabel}
              percent={removalPercent(stage, upload)}
              detail={
                stage === 'uploading' && upload ? (
                  <Trans>
                    {uploaded} of {total} KB
                  </Trans>
                ) : undefined
              }
            />
          )}

          {problem &&
            (problem.insufficient ? (
              <CreditNotice message={problem.message} remaining={remover.remaining} />
            ) : (
              <Alert tone="error">
                <p>{i18n._(problem.message)}</p>
                {problem.refunded && <p className={b.refund}>{i18n._(removerMessages.refunded)}</p>}
                {problem.retry === 'download' && (
                  <Button size="sm" variant="secondary" onClick={remover.retryDownload}>
                    <Trans>Try again</Trans>
                  </Button>
                )}
              </Alert>
            ))}
          {remover.serverError !== null && (
            <Alert tone="error">{describeError(remover.serverError, i18n)}</Alert>
          )}

          {photo && !result && (
            <div className={s.actions}>
              <Button
                onClick={() => void remover.removeBackground()}
                loading={remover.working}
                disabled={remover.working}
              >
                <Icon name="scissors" size={18} />
                <Trans>Remove Background</Trans>
              </Button>
            </div>
          )}
        </section>

        <section
          ref={resultPanel}
          className={[s.panel, s.revealTarget].join(' ')}
          aria-labelledby="remover-result"
          aria-live="polite"
        >
          <h2 id="remover-result" className={s.panelTitle}>
            <Trans>Without background</Trans>
          </h2>
          {result && photo ? (
            <>
              <BeforeAfter before={photo.url} after={result.url} />
              <div className={s.actions}>
                <Button onClick={remover.download}>
                  <Icon name="download" size={18} />
                  <Trans>Download PNG</Trans>
                </Button>
                <Button variant="secondary" onClick={remover.reset}>
                  <Trans>Remove another background</Trans>
                </Button>
              </div>
              <p className={s.hint}>
                <Trans>Downloaded as {result.fileName}</Trans>
              </p>
            </>
          ) : stage ? (
            <div className={[s.placeholder, s.checkerboard].join(' ')} role="status">
              <Spinner size={28} />
              <span>{stageLabel}</span>
            </div>
          ) : (
            <div className={[s.placeholder, s.checkerboard].join(' ')}>
              <Icon name="scissors" size={28} />
              <span>
                <Trans>
                  Your photo without its background appears here, on a checkerboard that shows what is
                  transparent.
                </Trans>
              </span>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

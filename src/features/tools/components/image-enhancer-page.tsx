import { useRef } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Icon, Spinner, buttonClass } from '../../../ui/index.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ACCEPT_ATTRIBUTE } from '../../../lib/photos/limits.ts';
import { useImageEnhancer } from '../enhancer/use-image-enhancer.ts';
import { enhancerMessages } from '../messages.ts';
import { BeforeAfter } from './before-after.tsx';
import { FactorChoice, FormatChoice } from './enhancer-options.tsx';
import { FileDrop } from './file-drop.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { ToolHeader } from './tool-header.tsx';
import { useReveal } from './use-reveal.ts';
import * as b from './background-remover.css.ts';
import * as e from './image-enhancer.css.ts';
import * as s from './tools.css.ts';

const withValues = (
  message: MessageDescriptor,
  values?: Record<string, string | number>,
): MessageDescriptor => (values ? { ...message, values: { ...message.values, ...values } } : message);

export function ImageEnhancerPage() {
  const { t } = useLingui();
  usePageTitle(t`Image Enhancer`);
  const enhancer = useImageEnhancer();
  return (
    <div className={s.page}>
      <ToolHeader
        title={<Trans>Image Enhancer</Trans>}
        price={<Trans>Free · runs on your device</Trans>}
        lead={
          <Trans>
            Enlarge a product photo 2× or 4× with an AI super-resolution model that redraws edges and fabric
            detail instead of blurring them. It runs on this device: your photo is not uploaded, no credits
            are used, and once opened it also works offline.
          </Trans>
        }
      />
      {enhancer.planPending ? (
        <Spinner size={28} />
      ) : enhancer.locked ? (
        <div className={e.locked} data-testid="enhancer-locked">
          <p className={e.lockNote}>
            <Icon name="lock" size={16} />
            <Trans>Available on the Lite, Pro and Advanced plans</Trans>
          </p>
          <Link to="/pricing" className={buttonClass({ variant: 'accent' })}>
            <Icon name="sparkles" size={16} />
            <Trans>Upgrade</Trans>
          </Link>
        </div>
      ) : (
        <Enhancer enhancer={enhancer} />
      )}
    </div>
  );
}

function Enhancer({ enhancer }: { enhancer: ReturnType<typeof useImageEnhancer> }) {
  const { t, i18n } = useLingui();
  const { photo, result, stage, progress, problem, choice } = enhancer;
  const locale = currentLocale();
  const resultPanel = useRef<HTMLElement>(null);
  useReveal(resultPanel, result !== null);
  const size = (w: number, h: number) => `${formatNumber(w, locale)} × ${formatNumber(h, locale)}`;
  const done = progress ? formatNumber(progress.done, locale) : '';
  const total = progress ? formatNumber(progress.total, locale) : '';
  const stageLabel =
    stage === 'loading-model' ? (
      <Trans>Loading the enhancer…</Trans>
    ) : stage === 'saving' ? (
      <Trans>Saving the result…</Trans>
    ) : (
      <Trans>Enhancing your photo…</Trans>
    );
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;

  return (
    <div className={s.panels}>
      <section className={s.panel} aria-labelledby="enhancer-photo">
        <h2 id="enhancer-photo" className={s.panelTitle}>
          <Trans>Your photo</Trans>
        </h2>
        {photo ? (
          <>
            <div className={[b.chosen, result ? b.chosenDone : undefined].filter(Boolean).join(' ')}>
              <img className={b.chosenImage} src={photo.url} alt={t`Your product as uploaded`} />
            </div>
            <div className={b.chosenMeta}>
              <span className={b.fileName}>
                {photo.name} · <Trans>{size(photo.width, photo.height)} px</Trans>
              </span>
              <Button variant="ghost" size="sm" onClick={enhancer.reset} disabled={enhancer.working}>
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
            busy={enhancer.preparing ? <Trans>Preparing your photo…</Trans> : undefined}
            onFiles={(files) => void enhancer.choose(files)}
            testId="enhancer-input"
          />
        )}

        <FactorChoice
          photo={photo}
          value={enhancer.factor}
          disabled={enhancer.working}
          onChange={enhancer.setFactor}
        />
        {choice?.ok && choice.reduced && <p className={s.hint}>{i18n._(enhancerMessages.reduced)}</p>}

        {stage && (
          <ProgressBar
            label={stageLabel}
            percent={percent}
            detail={
              stage === 'enhancing' && progress ? (
                <Trans>
                  Part {done} of {total}
                </Trans>
              ) : undefined
            }
          />
        )}
        {problem && <Alert tone="error">{i18n._(withValues(problem.message, problem.values))}</Alert>}

        {photo && (
          <div className={s.actions}>
            {enhancer.working ? (
              <Button variant="secondary" onClick={enhancer.cancel}>
                <Icon name="close" size={18} />
                <Trans>Cancel</Trans>
              </Button>
            ) : (
              <Button onClick={() => void enhancer.enhance()} disabled={choice?.ok === false}>
                <Icon name="sparkles" size={18} />
                <Trans>Enhance</Trans>
              </Button>
            )}
          </div>
        )}
      </section>

      <section
        ref={resultPanel}
        className={[s.panel, s.revealTarget].join(' ')}
        aria-labelledby="enhancer-result"
        aria-live="polite"
      >
        <h2 id="enhancer-result" className={s.panelTitle}>
          <Trans>Enhanced photo</Trans>
        </h2>
        {result && photo ? (
          <>
            <BeforeAfter
              before={photo.url}
              after={result.url}
              beforeAlt={t`Your product as uploaded`}
              afterAlt={t`Your product enhanced ${result.factor}×`}
              transparent={false}
              closeUp
              testId="enhancer-result"
            />
            <p className={e.meta}>
              <Trans>
                {size(result.width, result.height)} pixels · enhanced {result.factor}× on this device
              </Trans>
            </p>
            <FormatChoice value={enhancer.format} onChange={enhancer.setFormat} />
            <div className={s.actions}>
              <Button onClick={() => void enhancer.download()} loading={enhancer.saving}>
                <Icon name="download" size={18} />
                <Trans>Download</Trans>
              </Button>
              <Button variant="secondary" onClick={enhancer.reset}>
                <Trans>Enhance another photo</Trans>
              </Button>
            </div>
          </>
        ) : stage ? (
          <div className={s.placeholder} role="status">
            <Spinner size={28} />
            <span>{stageLabel}</span>
          </div>
        ) : (
          <div className={s.placeholder}>
            <Icon name="sparkles" size={28} />
            <span>
              <Trans>Your enhanced photo appears here, with a slider to compare it with the original.</Trans>
            </span>
          </div>
        )}
      </section>
    </div>
  );
}

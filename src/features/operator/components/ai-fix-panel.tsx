// "Try with AI" on a fix card: FASHN's edit model (or the local stack's stand-in) repaints what
// the seller marked, as their description asks. The AI's picture shows beside the original,
// for the operator only; "Send to seller" answers the fix with it (the watermarked copy is the
// server's), "Discard" drops it. Without an editor set up, the panel says why.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Spinner, TextAreaField, toast } from '../../../ui/index.ts';
import type { QueueFix } from '../api.ts';
import { useAiFix, useAiFixActions } from '../hooks/use-operator.ts';
import { FixPicture } from './fix-picture.tsx';
import * as s from './operator.css.ts';

export function AiFixPanel({ fix }: { fix: QueueFix }) {
  const { t } = useLingui();
  const state = useAiFix(fix.id);
  const { tryIt, send, discard } = useAiFixActions(fix.id);
  const [note, setNote] = useState('');
  const data = state.data;
  if (!data) return null;
  const attempt = data.attempt;

  if (!data.available) {
    return (
      <p className={s.meta}>
        <Trans>
          Trying a fix with AI needs FASHN's edit model, which is not set up here ({data.reason ?? ''}).
        </Trans>
      </p>
    );
  }

  if (attempt?.status === 'running' || attempt?.status === 'sending') {
    return (
      <div className={s.aiPanel}>
        <p className={s.aiStatus} role="status">
          <Spinner />
          {attempt.status === 'running' ? (
            <Trans>The AI is editing the marked area. This takes up to two minutes.</Trans>
          ) : (
            <Trans>Sending the AI's picture to the seller…</Trans>
          )}
        </p>
      </div>
    );
  }

  if (attempt?.status === 'ready') {
    return (
      <section className={s.aiPanel} aria-label={t`The AI's attempt`}>
        <h4 className={s.aiTitle}>
          <Trans>The AI's attempt: only you can see it</Trans>
        </h4>
        <div className={s.pictures}>
          <FixPicture bucket="generated" path={fix.original_path} label={t`Original result`} />
          <FixPicture bucket="fix-ai" path={attempt.result_path} label={t`The AI's picture`} />
        </div>
        <TextAreaField
          label={t`Note for the seller (optional)`}
          value={note}
          maxLength={1000}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
        />
        {fix.plan_watermark && (
          <p className={s.meta}>
            <Trans>This seller is on the free plan: they will see the picture with the watermark.</Trans>
          </p>
        )}
        <div className={s.actions}>
          <Button
            loading={send.isPending}
            disabled={discard.isPending}
            onClick={() =>
              // (the answered fix leaves the queue with this card: a promise, not an onSuccess
              // bound to the card, says it was sent; a failure is the hook's toast)
              send.mutateAsync({ attemptId: attempt.id, note }).then(
                () =>
                  toast.show({
                    tone: 'success',
                    title: t`The fixed picture was sent to the seller.`,
                    duration: 5000,
                  }),
                () => undefined,
              )
            }
          >
            <Trans>Send to seller</Trans>
          </Button>
          <Button
            variant="secondary"
            loading={discard.isPending}
            disabled={send.isPending}
            onClick={() =>
              discard.mutate(attempt.id, {
                onSuccess: () =>
                  toast.show({ tone: 'info', title: t`The AI's picture was discarded.`, duration: 5000 }),
              })
            }
          >
            <Trans context="the AI's picture on a fix card">Discard</Trans>
          </Button>
        </div>
      </section>
    );
  }

  return (
    <div className={s.aiPanel}>
      {attempt?.status === 'failed' && (
        <Alert tone="error">
          <Trans>
            The AI could not edit the picture ({attempt.error_code ?? ''}). Try again, or answer with a
            picture.
          </Trans>
        </Alert>
      )}
      <div className={s.actions}>
        <Button variant="secondary" loading={tryIt.isPending} onClick={() => tryIt.mutate()}>
          <Trans>Try with AI</Trans>
        </Button>
      </div>
      <p className={s.meta}>
        <Trans>
          The seller's drawing marks the area to change and their description says how. Nothing reaches the
          seller until you send it.
        </Trans>
      </p>
    </div>
  );
}

import { Link } from '@tanstack/react-router';
import { useSharedPhotos } from '../hooks/use-shared-photos.ts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Icon, Spinner, buttonClass } from '../../../ui/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { useSubscription } from '../../subscription/index.ts';
import { FileDrop, ToolHeader } from '../../tools/components.ts';
import { ACCEPT_ATTRIBUTE } from '../../../lib/photos/limits.ts';
import { PHOTO_PROBLEMS, withValues } from '../../../lib/photos/messages.ts';
import { stepComplete, useBackgroundBlurred } from '../../wizard/components.ts';
import { InsufficientCreditsDialog } from '../../wizard/components.ts';
import { batchQuoteQueryOptions } from '../api.ts';
import { useAddBatchPhotos } from '../hooks/use-add-batch-photos.ts';
import { useBatchDraft, useBatchUploadPump } from '../hooks/use-batch-draft.ts';
import { useStartBatch } from '../hooks/use-start-batch.ts';
import { MAX_BATCH_PHOTOS } from '../model/batch-draft.ts';
import { batchUploads } from '../store/batch-uploads.ts';
import { BatchChoices } from './batch-choices.tsx';
import { BatchPhotoRow } from './batch-photo-row.tsx';
import { BatchesList } from './batches-list.tsx';
import * as s from './batch.css.ts';
import * as page from './batch-page.css.ts';

/** The Advanced plan's Batch Processor: many photos, one set of choices, one charge. */
export function BatchPage({ shared }: { shared?: string }) {
  const { t: tr } = useLingui();
  usePageTitle(tr`Batch Processor`);
  const subscription = useSubscription();
  const plan = subscription.data?.plan;
  return (
    <div className={page.page}>
      <ToolHeader
        title={<Trans>Batch Processor</Trans>}
        price={<Trans>1 credit per photo</Trans>}
        lead={
          <Trans>
            Run a whole collection through the same shoot settings at once: up to 50 photos, one model, pose
            and background for all. Each photo becomes a project of its own.
          </Trans>
        }
      />
      {subscription.isPending ? (
        <Spinner size={28} />
      ) : plan !== 'advanced' ? (
        <div className={page.locked} data-testid="batch-locked">
          <p className={s.status}>
            <Icon name="lock" size={16} />
            <Trans>Available only in Advanced Plan</Trans>
          </p>
          <Link to="/pricing" className={buttonClass({ variant: 'accent' })}>
            <Icon name="sparkles" size={16} />
            <Trans>Upgrade to Advanced</Trans>
          </Link>
        </div>
      ) : (
        <BatchBuilder shared={shared} />
      )}
    </div>
  );
}

function BatchBuilder({ shared }: { shared?: string }) {
  const { t: tr, i18n } = useLingui();
  const user = useUser();
  const client = useSupabase();
  const [draft, dispatch] = useBatchDraft();
  useBatchUploadPump();
  const photos = useAddBatchPhotos();
  const [blurred] = useBackgroundBlurred();
  const start = useStartBatch(blurred);
  const items = draft?.items ?? [];
  const choices = draft?.choices;
  const quote = useQuery(batchQuoteQueryOptions(client, user.id, choices?.flow ?? 'on-model', items.length));
  useSharedPhotos(shared, draft !== null, photos.addFiles);
  if (!draft || !choices) return <Spinner size={28} />;

  const waiting = items.filter((i) => i.upload.state !== 'uploaded').length;
  const failed = items.filter((i) => i.upload.state === 'failed').length;
  const chosen = (['models', 'pose', 'background'] as const).every((step) => stepComplete(choices, step));
  const named = items.every((i) => i.name.trim().length > 0);
  const ready = items.length > 0 && waiting === 0 && chosen && named;
  const locked = start.busy;

  return (
    <>
      <BatchesList />
      <section className={s.section} aria-labelledby="batch-photos">
        <h2 id="batch-photos" className={s.sectionTitle}>
          <Trans>
            Photos ({items.length} of {MAX_BATCH_PHOTOS})
          </Trans>
        </h2>
        <FileDrop
          label={tr`Choose photos`}
          title={<Trans>Drop your product photos here</Trans>}
          hint={<Trans>PNG, JPG, WebP or HEIC, up to 50 photos. Each photo becomes a project.</Trans>}
          button={<Trans>Choose photos</Trans>}
          accept={ACCEPT_ATTRIBUTE}
          multiple
          disabled={locked || items.length >= MAX_BATCH_PHOTOS}
          busy={
            photos.preparing && (
              <Trans>
                Preparing photo {photos.preparing.done + 1} of {photos.preparing.total}…
              </Trans>
            )
          }
          onFiles={(files) => void photos.addFiles(files)}
          testId="batch-file-input"
        />
        {photos.leftOut > 0 && (
          <Alert tone="warning">
            <Plural
              value={photos.leftOut}
              one="A batch holds at most 50 photos: # photo was left out."
              other="A batch holds at most 50 photos: # photos were left out."
            />
          </Alert>
        )}
        {photos.refused.length > 0 && (
          <Alert tone="error">
            <ul className={s.list}>
              {photos.refused.map((r) => (
                <li key={r.fileName}>
                  <strong>{r.fileName}</strong>:{' '}
                  {i18n._(
                    withValues(PHOTO_PROBLEMS[r.problem], { width: r.width ?? 0, height: r.height ?? 0 }),
                  )}
                </li>
              ))}
            </ul>
          </Alert>
        )}
        {items.length > 0 && (
          <ul className={s.list} aria-label={tr`Photos in this batch`}>
            {items.map((item, n) => (
              <BatchPhotoRow
                key={item.id}
                item={item}
                index={n}
                locked={locked}
                dispatch={dispatch}
                onRemove={() => {
                  dispatch({ type: 'removeItem', itemId: item.id });
                  void batchUploads.remove(user.id, item.id, item.upload.path);
                }}
                onRetry={() => batchUploads.retry(user.id, item.id)}
              />
            ))}
          </ul>
        )}
      </section>

      {items.length > 0 && <BatchChoices choices={choices} dispatch={dispatch} />}

      {items.length > 0 && (
        <div className={s.summary} aria-live="polite">
          <div>
            {quote.data ? (
              <p className={s.total} data-testid="batch-total">
                <Plural value={items.length} one="# photo" other="# photos" /> ·{' '}
                <Plural value={quote.data.creditsNeeded} one="# credit" other="# credits" />
              </p>
            ) : (
              <p className={s.total}>
                <Plural value={items.length} one="# photo" other="# photos" />
              </p>
            )}
            <p className={s.muted}>
              {waiting > 0 ? (
                failed > 0 ? (
                  <Plural
                    value={failed}
                    one="# photo could not be uploaded. Retry it or remove it."
                    other="# photos could not be uploaded. Retry them or remove them."
                  />
                ) : (
                  <Plural
                    value={waiting}
                    one="Uploading # photo. Nothing is charged until every photo is stored."
                    other="Uploading # photos. Nothing is charged until every photo is stored."
                  />
                )
              ) : !chosen ? (
                <Trans>Choose a model, a pose and a background for all photos.</Trans>
              ) : !named ? (
                <Trans>Give every photo a name.</Trans>
              ) : (
                quote.data && (
                  <Plural
                    value={quote.data.creditsRemaining}
                    one="You have # credit."
                    other="You have # credits."
                  />
                )
              )}
            </p>
            {start.error && <p className={s.failed}>{start.error}</p>}
          </div>
          <Button size="lg" disabled={!ready} loading={start.busy} onClick={start.start}>
            <Icon name="sparkles" size={18} />
            <Trans>Start batch</Trans>
          </Button>
        </div>
      )}
      <InsufficientCreditsDialog
        open={start.insufficient !== null}
        needed={start.insufficient ?? 0}
        onClose={start.closeInsufficient}
      />
    </>
  );
}

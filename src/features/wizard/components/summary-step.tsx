import { Link } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Icon } from '../../../ui/index.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { useSubscription } from '../../subscription/index.ts';
import { generationQuoteQueryOptions } from '../api.ts';
import { backgroundName, garmentTypeLabel, poseName } from '../catalogue-text.ts';
import { useBackgrounds, usePoses } from '../hooks/use-catalogue.ts';
import { usePhotoUrl } from '../hooks/use-draft.ts';
import { useGenerate } from '../hooks/use-generate.ts';
import { useBackgroundBlurred } from '../local-choices.ts';
import { CUSTOM_ID, type Draft, type WizardPhoto } from '../model/draft.ts';
import type { WizardAction } from '../model/reducer.ts';
import { photosUploaded, poseCount, productCount } from '../model/rules.ts';
import { takesGarmentType } from '../model/steps.ts';
import { stepLink } from '../navigation.ts';
import { CatalogueImage } from './catalogue-image.tsx';
import { InsufficientCreditsDialog } from './insufficient-credits-dialog.tsx';
import { ProjectNameField } from './project-name-field.tsx';
import { SummaryModel } from './summary-model.tsx';
import * as s from './summary.css.ts';

function ProductPreview({ photo }: { photo: WizardPhoto }) {
  const { t } = useLingui();
  const url = usePhotoUrl(photo.id);
  return url ? (
    <img className={s.previewImage} src={url} alt={t`Your product: ${photo.originalName}`} />
  ) : (
    <div className={s.preview} style={{ aspectRatio: '3 / 4' }} />
  );
}

export function SummaryStep({ draft, dispatch }: { draft: Draft; dispatch: (a: WizardAction) => void }) {
  const { t, i18n } = useLingui();
  const locale = currentLocale();
  const client = useSupabase();
  const user = useUser();
  const online = useOnline();
  const [blurred] = useBackgroundBlurred();
  const quote = useQuery(generationQuoteQueryOptions(client, user.id, draft));
  const subscription = useSubscription();
  const poses = usePoses();
  const backgrounds = useBackgrounds();
  const { generate, busy, error, insufficient, closeInsufficient } = useGenerate(draft, blurred);

  // the seller's balance is the header's (the subscription, kept live): the quote only prices
  const balance = subscription.data?.credits_remaining;

  const pose = poses.data?.find((p) => p.gender === draft.gender && p.id === draft.poseId);
  const background = backgrounds.data?.find((b) => b.id === draft.backgroundId);
  const uploaded = photosUploaded(draft);
  // the price against the header's balance (the quote's own word until that balance is read)
  const short =
    !!quote.data && (balance !== undefined ? quote.data.creditsNeeded > balance : !quote.data.enough);
  const name = draft.projectName ?? quote.data?.suggestedName ?? t`Untitled Project`;
  const products = productCount(draft);
  const posesCount = poseCount(draft);
  const credits = (n: number) => formatNumber(n, locale);

  return (
    <div className={s.layout}>
      <div className={s.previews}>
        {draft.photos.map((p) => (
          <ProductPreview key={p.id} photo={p} />
        ))}
      </div>

      <div className={s.details}>
        <ProjectNameField name={name} onRename={(n) => dispatch({ type: 'rename', name: n })} />

        {/* each choice is a term and its value, with a picture and a Change link beside it */}
        <div className={s.choices}>
          <SummaryModel draft={draft} />
          <div className={s.choice}>
            <div className={s.choiceThumb}>
              {pose && <CatalogueImage path={pose.imagePath} alt="" sizes="56px" />}
            </div>
            <dl>
              <dt className={s.choiceLabel}>
                <Trans>Pose</Trans>
              </dt>
              <dd className={s.choiceValue}>{pose ? poseName(pose, locale) : '—'}</dd>
            </dl>
            <Link {...stepLink(draft.flow, 'pose')} className={s.editLink}>
              <Trans>Change</Trans>
            </Link>
          </div>
          <div className={s.choice}>
            {background?.imagePath ? (
              <div className={s.choiceThumb}>
                <CatalogueImage
                  path={
                    blurred ? (background.blurredImagePath ?? background.imagePath) : background.imagePath
                  }
                  alt=""
                  sizes="56px"
                />
              </div>
            ) : (
              <div className={s.choiceThumbIcon}>
                <Icon name="image" size={22} />
              </div>
            )}
            <dl>
              <dt className={s.choiceLabel}>
                <Trans>Background</Trans>
              </dt>
              {draft.backgroundId === CUSTOM_ID ? (
                <dd className={s.choiceText} style={{ WebkitLineClamp: 8 }}>
                  {draft.customBackground}
                </dd>
              ) : (
                <dd className={s.choiceValue}>
                  {background ? backgroundName(background, locale) : '—'}{' '}
                  {blurred && (
                    <Badge tone="neutral">
                      <Trans>Blurred</Trans>
                    </Badge>
                  )}
                </dd>
              )}
            </dl>
            <Link {...stepLink(draft.flow, 'background')} className={s.editLink}>
              <Trans>Change</Trans>
            </Link>
          </div>
          {takesGarmentType(draft.flow) && draft.photos[0]?.garmentType && (
            <div className={s.choice}>
              <div className={s.choiceThumbIcon}>
                <Icon name="layers" size={22} />
              </div>
              <dl>
                <dt className={s.choiceLabel}>
                  <Trans>Garment type</Trans>
                </dt>
                <dd className={s.choiceValue}>{i18n._(garmentTypeLabel[draft.photos[0].garmentType])}</dd>
              </dl>
              <Link {...stepLink(draft.flow, 'upload')} className={s.editLink}>
                <Trans>Change</Trans>
              </Link>
            </div>
          )}
        </div>

        <div className={s.totals} aria-live="polite">
          <div className={s.totalRow}>
            <span>
              <Trans>Products × poses</Trans>
            </span>
            <span>
              {products} × {posesCount}
            </span>
          </div>
          <div className={[s.totalRow, s.totalStrong].join(' ')}>
            <span>
              <Trans>Credits needed</Trans>
            </span>
            <span data-testid="credits-needed">{quote.data ? credits(quote.data.creditsNeeded) : '—'}</span>
          </div>
          <div className={s.totalRow}>
            <span>
              <Trans>Your credits</Trans>
            </span>
            <span data-testid="credits-available">{balance !== undefined ? credits(balance) : '—'}</span>
          </div>
        </div>

        {short && quote.data && (
          <p className={s.short} role="alert">
            {t({
              message: plural(quote.data.creditsNeeded, {
                one: 'You need # credit to generate these images. Please upgrade your plan or purchase more credits.',
                other:
                  'You need # credits to generate these images. Please upgrade your plan or purchase more credits.',
              }),
            })}{' '}
            <Link to="/pricing" className={s.editLink}>
              <Trans>View pricing</Trans>
            </Link>
          </p>
        )}
        {!online && (
          <Alert tone="warning">
            <Trans>
              You are offline. Your shoot is saved on this device; generate when you are back online.
            </Trans>
          </Alert>
        )}
        {online && !uploaded && (
          <Alert tone="info">
            <Trans>Your photo is still uploading. Generate becomes available when it is stored.</Trans>
          </Alert>
        )}
        {quote.isError && online && (
          <Alert tone="error">
            <Trans>The credits needed could not be read.</Trans>{' '}
            <Button size="sm" variant="secondary" onClick={() => void quote.refetch()}>
              <Trans>Retry</Trans>
            </Button>
          </Alert>
        )}
        {error && <Alert tone="error">{error}</Alert>}

        <Button
          size="lg"
          variant="accent"
          className={s.generate}
          disabled={busy || short || !uploaded || !online}
          onClick={generate}
        >
          <Icon name="sparkles" size={18} />
          {quote.data ? (
            <Plural value={quote.data.creditsNeeded} one="Generate · # credit" other="Generate · # credits" />
          ) : (
            <Trans>Generate</Trans>
          )}
        </Button>
      </div>

      {busy && (
        <div className={s.overlay} role="status" aria-live="assertive">
          <div className={s.overlayBox}>
            <span className={s.overlayRing} aria-hidden="true" />
            <p className={s.overlayTitle}>
              <Trans>Creating your project…</Trans>
            </p>
            <p>
              <Trans>Generation takes about 1 to 2 minutes. You can follow it in your projects.</Trans>
            </p>
          </div>
        </div>
      )}
      <InsufficientCreditsDialog
        open={insufficient !== null}
        needed={insufficient ?? 0}
        onClose={closeInsufficient}
      />
    </div>
  );
}

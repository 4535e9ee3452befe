import { Trans, useLingui } from '@lingui/react/macro';
import { Switch } from '../../../ui/index.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { backgroundName, backgroundType } from '../catalogue-text.ts';
import { useBackgrounds, useCustomAccess } from '../hooks/use-catalogue.ts';
import { usePhotoUrl } from '../hooks/use-draft.ts';
import { useBackgroundBlurred } from '../local-choices.ts';
import { CUSTOM_ID, type Draft } from '../model/draft.ts';
import type { WizardAction } from '../model/reducer.ts';
import { BlurComparison } from './blur-comparison.tsx';
import { CatalogueImage } from './catalogue-image.tsx';
import { CatalogueLoadAlert, catalogueLoad } from './catalogue-load-state.tsx';
import { CustomCard } from './custom-card.tsx';
import { ChoiceCard } from './choice-card.tsx';
import * as w from './wizard.css.ts';
import * as m from './models-step.css.ts';
import { SKELETON_KEYS } from './skeleton-keys.ts';
import * as s from './background-step.css.ts';

/** Blurred toggle with a comparison, the custom background card and the presets of this flow. */
export function BackgroundStep({ draft, dispatch }: { draft: Draft; dispatch: (a: WizardAction) => void }) {
  const { t } = useLingui();
  const locale = currentLocale();
  const backgrounds = useBackgrounds();
  const backgroundsLoad = catalogueLoad(backgrounds);
  const access = useCustomAccess();
  const [blurred, setBlurred] = useBackgroundBlurred();
  const photoUrl = usePhotoUrl(draft.photos[0]?.id);
  const shown = (backgrounds.data ?? []).filter((b) => (draft.flow === 'flat-lay' ? b.flatLay : b.onModel));
  const chosen =
    shown.find((b) => b.id === draft.backgroundId && b.imagePath) ?? shown.find((b) => b.imagePath);

  return (
    <div className={m.step}>
      <div className={s.blurRow}>
        <Switch
          checked={blurred}
          onChange={setBlurred}
          label={t`Blurred background`}
          description={t`Softens the background so your garment stands out. Move over the picture to compare.`}
        />
        {chosen && <BlurComparison path={chosen.imagePath} blurredPath={chosen.blurredImagePath} />}
      </div>

      <CatalogueLoadAlert
        state={backgroundsLoad}
        failed={<Trans>The backgrounds could not be loaded.</Trans>}
        onRetry={() => void backgrounds.refetch()}
      />

      <div
        className={w.cardGrid}
        role="radiogroup"
        aria-label={t`Background`}
        aria-busy={backgroundsLoad === 'loading' || undefined}
      >
        <CustomCard
          kind="background"
          locked={!access.customBackground}
          text={draft.customBackground}
          selected={draft.backgroundId === CUSTOM_ID}
          onSelect={() => dispatch({ type: 'selectBackground', backgroundId: CUSTOM_ID })}
          onSave={(text) => dispatch({ type: 'setCustomBackground', text })}
        />
        {backgroundsLoad === 'loading' &&
          SKELETON_KEYS.slice(0, 5).map((key) => (
            <div key={key} className={m.skeletonCard} aria-hidden="true" />
          ))}
        {shown.map((bg) => (
          <ChoiceCard
            key={bg.id}
            name={backgroundName(bg, locale)}
            detail={backgroundType(bg, locale)}
            selected={draft.backgroundId === bg.id}
            onSelect={() => dispatch({ type: 'selectBackground', backgroundId: bg.id })}
            wide
          >
            {bg.keepsOriginal ? (
              photoUrl ? (
                <img
                  className={s.originalPhoto}
                  src={photoUrl}
                  alt=""
                  style={blurred ? { filter: 'blur(4px)' } : undefined}
                />
              ) : (
                <span className={s.original}>
                  <Trans>Your photo's own background</Trans>
                </span>
              )
            ) : (
              <CatalogueImage
                path={blurred ? (bg.blurredImagePath ?? bg.imagePath) : bg.imagePath}
                alt=""
                sizes="(max-width: 767px) 50vw, 230px"
              />
            )}
          </ChoiceCard>
        ))}
      </div>
    </div>
  );
}

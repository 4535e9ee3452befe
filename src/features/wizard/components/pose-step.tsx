import { Trans, useLingui } from '@lingui/react/macro';
import { currentLocale } from '../../../lib/i18n.ts';
import { poseDescription, poseName } from '../catalogue-text.ts';
import { usePoses } from '../hooks/use-catalogue.ts';
import type { Draft } from '../model/draft.ts';
import type { WizardAction } from '../model/reducer.ts';
import { CatalogueImage } from './catalogue-image.tsx';
import { CatalogueLoadAlert, catalogueLoad } from './catalogue-load-state.tsx';
import { ChoiceCard } from './choice-card.tsx';
import * as w from './wizard.css.ts';
import * as s from './models-step.css.ts';
import { SKELETON_KEYS } from './skeleton-keys.ts';

/** Three poses for the model's gender; exactly one is selected (spec 2 §2). */
export function PoseStep({ draft, dispatch }: { draft: Draft; dispatch: (a: WizardAction) => void }) {
  const { t } = useLingui();
  const poses = usePoses();
  const posesLoad = catalogueLoad(poses);
  const locale = currentLocale();
  const shown = (poses.data ?? []).filter((p) => p.gender === draft.gender);
  return (
    <div className={s.step}>
      <CatalogueLoadAlert
        state={posesLoad}
        failed={<Trans>The poses could not be loaded.</Trans>}
        onRetry={() => void poses.refetch()}
      />
      <div
        className={w.cardGrid}
        role="radiogroup"
        aria-label={t`Pose`}
        aria-busy={posesLoad === 'loading' || undefined}
      >
        {posesLoad === 'loading' &&
          SKELETON_KEYS.slice(0, 3).map((key) => (
            <div key={key} className={s.skeletonCard} aria-hidden="true" />
          ))}
        {shown.map((pose) => (
          <ChoiceCard
            key={pose.id}
            name={poseName(pose, locale)}
            detail={poseDescription(pose, locale)}
            selected={draft.poseId === pose.id}
            onSelect={() => dispatch({ type: 'selectPose', poseId: pose.id })}
          >
            <CatalogueImage path={pose.imagePath} alt="" sizes="(max-width: 767px) 50vw, 230px" />
          </ChoiceCard>
        ))}
      </div>
    </div>
  );
}

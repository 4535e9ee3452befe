import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../../ui/index.ts';
import { useSavedModels } from '../hooks/use-saved-models.ts';
import type { Draft, Gender } from '../model/draft.ts';
import type { WizardAction } from '../model/reducer.ts';
import { LockedCard } from './locked-card.tsx';
import { SavedModelCard } from './saved-model-card.tsx';
import * as c from './selectable-card.css.ts';
import * as cc from './custom-card.css.ts';
import * as w from './wizard.css.ts';
import * as s from './saved-models.css.ts';

/** "My models", first in the model step: the seller's saved models (Advanced), a lock for a plan
 *  without them, or the way to the Creator while there are none. */
export function SavedModels({ draft, dispatch }: { draft: Draft; dispatch: (a: WizardAction) => void }) {
  const { t } = useLingui();
  const { allowed, known, models, query } = useSavedModels();
  const titleId = useId();
  if (!known) return null;
  return (
    <section className={s.section} aria-labelledby={titleId}>
      <p id={titleId} className={w.sectionTitle}>
        <Trans>My models</Trans>
      </p>
      <div className={w.cardGrid} aria-busy={(allowed && query.isPending) || undefined}>
        {!allowed ? (
          <LockedCard title={t`My models`} />
        ) : query.isSuccess && models.length === 0 ? (
          <div className={[c.card, cc.card].join(' ')}>
            <div className={cc.inner}>
              <span className={cc.icon}>
                <Icon name="user" size={22} />
              </span>
              <p className={cc.lockedText}>
                <Trans>Make a model once and use the same person on every photo.</Trans>
              </p>
              <Link to="/tools/model-creator" className={cc.upgrade}>
                <Trans>Create a model</Trans>
              </Link>
            </div>
          </div>
        ) : (
          models.map((model) => (
            <SavedModelCard
              key={model.id}
              model={model}
              selected={draft.sellerModelId === model.id}
              onSelect={() =>
                dispatch({
                  type: 'selectSellerModel',
                  sellerModelId: model.id,
                  gender: model.gender as Gender,
                })
              }
            />
          ))
        )}
      </div>
      {query.isError && (
        <p className={w.muted}>
          <Trans>Your saved models could not be loaded.</Trans>
        </p>
      )}
    </section>
  );
}

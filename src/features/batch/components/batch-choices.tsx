import { useCallback } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../ui/index.ts';
import { TYPE_LABELS } from '../../projects/index.ts';
import type { Flow } from '../../wizard/index.ts';
import type { Draft, WizardAction } from '../../wizard/components.ts';
import { BackgroundStep, ModelsStep, PoseStep, useSavedModelCheck } from '../../wizard/components.ts';
import type { BatchAction } from '../model/reducer.ts';
import * as s from './batch.css.ts';

const TYPES: Flow[] = ['on-model', 'flat-lay', 'mannequin'];

/** Chosen once for every photo: the project type, then the wizard's own model, pose and background steps. */
export function BatchChoices({ choices, dispatch }: { choices: Draft; dispatch: (a: BatchAction) => void }) {
  const { t, i18n } = useLingui();
  const choose = useCallback((action: WizardAction) => dispatch({ type: 'choose', action }), [dispatch]);
  // a resumed batch whose saved model is gone drops it; the model step below says so
  useSavedModelCheck(choices, choose);
  return (
    <>
      <section className={s.section} aria-labelledby="batch-type">
        <h2 id="batch-type" className={s.sectionTitle}>
          <Trans>Project type</Trans>
        </h2>
        <div className={s.typeSwitch} role="radiogroup" aria-label={t`Project type`}>
          {TYPES.map((flow) => (
            <Button
              key={flow}
              role="radio"
              aria-checked={choices.flow === flow}
              variant={choices.flow === flow ? 'primary' : 'secondary'}
              onClick={() => dispatch({ type: 'setProjectType', flow })}
            >
              {i18n._(TYPE_LABELS[flow])}
            </Button>
          ))}
        </div>
      </section>
      <section className={s.section} aria-labelledby="batch-model">
        <h2 id="batch-model" className={s.sectionTitle}>
          <Trans>Model</Trans>
        </h2>
        <ModelsStep draft={choices} dispatch={choose} />
      </section>
      <section className={s.section} aria-labelledby="batch-pose">
        <h2 id="batch-pose" className={s.sectionTitle}>
          <Trans>Pose</Trans>
        </h2>
        <PoseStep draft={choices} dispatch={choose} />
      </section>
      <section className={s.section} aria-labelledby="batch-background">
        <h2 id="batch-background" className={s.sectionTitle}>
          <Trans>Background</Trans>
        </h2>
        <BackgroundStep draft={choices} dispatch={choose} />
      </section>
    </>
  );
}

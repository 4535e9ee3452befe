import { useEffect, useLayoutEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useDraft, useUploadPump } from '../hooks/use-draft.ts';
import { useSavedModelCheck } from '../hooks/use-saved-models.ts';
import { canNext } from '../model/rules.ts';
import { nextStep, stepIndex, takesGarmentType, type Flow, type Step } from '../model/steps.ts';
import { stepLink } from '../navigation.ts';
import { FLOW_TITLES, STEP_LEADS, STEP_TITLES } from '../step-titles.ts';
import { GARMENT_TYPE_REQUIRED } from '../photo-messages.ts';
import { BackgroundStep } from './background-step.tsx';
import { Breadcrumb } from './breadcrumb.tsx';
import { ExitWarning } from './exit-warning.tsx';
import { ModelsStep } from './models-step.tsx';
import { PoseStep } from './pose-step.tsx';
import { StepBar } from './step-bar.tsx';
import { SummaryStep } from './summary-step.tsx';
import { UploadStep } from './upload-step.tsx';
import * as s from './wizard.css.ts';

const STEP_COMPONENTS = {
  upload: UploadStep,
  models: ModelsStep,
  pose: PoseStep,
  background: BackgroundStep,
  summary: SummaryStep,
} as const;

/** One step of the on-model, flat-lay or mannequin wizard (the route has already sent a visit to a step
 *  whose earlier choices are missing to the first incomplete one). */
export function WizardPage({ flow, step }: { flow: Flow; step: Step }) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const [draft, dispatch] = useDraft(flow);
  useUploadPump();
  usePageTitle(`${i18n._(STEP_TITLES[step])} · ${i18n._(FLOW_TITLES[flow])}`);

  // the step's entry rule, before the first paint (pose cleared, background defaulted or cleared)
  useLayoutEffect(() => {
    dispatch({ type: 'enterStep', step });
  }, [dispatch, step]);

  // a resumed draft whose saved model is gone goes back to the model step, which says so
  useSavedModelCheck(draft, dispatch);
  const modelGone = draft.sellerModelGone && stepIndex(step) > stepIndex('models');
  useEffect(() => {
    if (modelGone) void navigate({ ...stepLink(flow, 'models'), replace: true });
  }, [modelGone, navigate, flow]);

  const StepComponent = STEP_COMPONENTS[step];
  const next = nextStep(step);
  const ready = draft.step === step;
  const missingGarment =
    takesGarmentType(flow) && step === 'upload' && draft.photos.some((p) => p.garmentType === null);
  const hint = missingGarment
    ? i18n._(GARMENT_TYPE_REQUIRED)
    : {
        upload: t`Add a photo to continue`,
        models: t`Choose a model to continue`,
        pose: t`Choose a pose to continue`,
        background: t`Choose a background to continue`,
        summary: '',
      }[step];

  return (
    <div className={s.page}>
      <header className={s.head}>
        <p className={s.eyebrow}>{i18n._(FLOW_TITLES[flow])}</p>
        <h1 className={s.title}>{i18n._(STEP_TITLES[step])}</h1>
        <p className={s.lead}>{i18n._(STEP_LEADS[step])}</p>
      </header>
      <Breadcrumb draft={draft} current={step} />
      {ready && <StepComponent draft={draft} dispatch={dispatch} />}
      {next && (
        <StepBar
          flow={flow}
          step={step}
          canNext={ready && canNext(draft, step)}
          hint={hint}
          onNext={() => void navigate(stepLink(flow, next))}
        />
      )}
      {step === 'summary' && (
        <StepBar flow={flow} step={step} canNext={false} onNext={() => {}} sticky={false} />
      )}
      <ExitWarning flow={flow} />
    </div>
  );
}

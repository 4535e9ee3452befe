import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Button, Icon, buttonClass } from '../../../ui/index.ts';
import { nextStep, previousStep, type Flow, type Step } from '../model/steps.ts';
import { stepLink } from '../navigation.ts';
import * as s from './wizard.css.ts';

interface StepBarProps {
  flow: Flow;
  step: Step;
  canNext: boolean;
  /** what is missing, shown beside an inert Next */
  hint?: ReactNode;
  onNext: () => void;
  /** stays at the bottom of the screen while the step scrolls (not on the summary, whose
   *  Generate button it would cover) */
  sticky?: boolean;
}

/** Back to the previous step, and Next — blurred and inert until the step has its selection. */
export function StepBar({ flow, step, canNext, hint, onNext, sticky = true }: StepBarProps) {
  const back = previousStep(step);
  const next = nextStep(step);
  return (
    <div className={sticky ? [s.bar, s.barSticky].join(' ') : s.bar}>
      {back ? (
        <Link {...stepLink(flow, back)} className={buttonClass({ variant: 'secondary' })}>
          <Icon name="arrowLeft" size={18} />
          <Trans>Back</Trans>
        </Link>
      ) : (
        <Link to="/create" className={buttonClass({ variant: 'ghost' })}>
          <Icon name="arrowLeft" size={18} />
          <Trans>Create</Trans>
        </Link>
      )}
      {!canNext && hint && <span className={s.barHint}>{hint}</span>}
      {next && (
        <Button size="lg" onClick={onNext} disabled={!canNext} className={canNext ? undefined : s.nextInert}>
          <Trans>Next</Trans>
          <Icon name="arrowRight" size={18} />
        </Button>
      )}
    </div>
  );
}

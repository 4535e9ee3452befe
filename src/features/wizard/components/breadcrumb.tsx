import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../../ui/index.ts';
import type { Draft } from '../model/draft.ts';
import { breadcrumbEnabled } from '../model/rules.ts';
import { STEPS, type Step } from '../model/steps.ts';
import { stepLink } from '../navigation.ts';
import { STEP_TITLES } from '../step-titles.ts';
import * as s from './wizard.css.ts';

/** The steps with arrows; a step the rules do not allow yet is shown but inert. */
export function Breadcrumb({ draft, current }: { draft: Draft; current: Step }) {
  const { i18n, t } = useLingui();
  const currentRef = useRef<HTMLSpanElement>(null);
  // on a narrow screen the steps scroll sideways: keep the current one in view
  useEffect(() => {
    if (current) currentRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [current]);
  return (
    <nav aria-label={t`Steps`}>
      <ol className={s.crumbs}>
        {STEPS.map((step, i) => {
          const label = (
            <>
              <span className={s.crumbNumber} aria-hidden="true">
                {i + 1}
              </span>
              {i18n._(STEP_TITLES[step])}
            </>
          );
          const enabled = step !== current && breadcrumbEnabled(draft, current, step);
          return (
            <li key={step} className={s.crumb}>
              {step === current ? (
                <span ref={currentRef} className={s.crumbLink} aria-current="step">
                  {label}
                </span>
              ) : enabled ? (
                <Link {...stepLink(draft.flow, step)} className={s.crumbLink}>
                  {label}
                </Link>
              ) : (
                <span className={s.crumbLink} aria-disabled="true">
                  {label}
                </span>
              )}
              {i < STEPS.length - 1 && <Icon name="chevronRight" size={16} className={s.crumbArrow} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

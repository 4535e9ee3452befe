import { useEffect, useRef, useState } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
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
  const router = useRouter();
  const currentRef = useRef<HTMLSpanElement>(null);
  // on a narrow screen the steps scroll sideways: keep the current one in the middle. Again
  // once the router has rendered the step, because its scroll restoration carries the list's
  // scroll over from the previous step (which left the current step half off the screen).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step (current) is centred again
  useEffect(() => {
    const center = () => {
      const step = currentRef.current;
      const list = step?.closest('ol');
      if (!step || !list) return;
      const r = step.getBoundingClientRect();
      const l = list.getBoundingClientRect();
      list.scrollLeft += r.left + r.width / 2 - (l.left + l.width / 2);
    };
    center();
    return router.subscribe('onRendered', center);
  }, [current, router]);
  // a list that scrolls sideways is reachable by keyboard (arrow keys scroll it) even when
  // none of its steps is a link yet (the upload step)
  const listRef = useRef<HTMLOListElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(list.scrollWidth > list.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <nav aria-label={t`Steps`}>
      <ol ref={listRef} className={s.crumbs} tabIndex={scrolls ? 0 : undefined}>
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

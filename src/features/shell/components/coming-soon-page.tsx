import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Icon, buttonClass, type IconName } from '../../../ui/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import * as s from './coming-soon-page.css.ts';

interface ComingSoonPageProps {
  title: string;
  icon: IconName;
  description: ReactNode;
}

/** The screens the next releases fill in (projects, creation flows, tools, pricing, history). */
export function ComingSoonPage({ title, icon, description }: ComingSoonPageProps) {
  usePageTitle(title);
  return (
    <section className={s.page} aria-labelledby="coming-soon-title">
      <span className={s.icon}>
        <Icon name={icon} size={28} />
      </span>
      <h1 id="coming-soon-title" className={s.title}>
        {title}
      </h1>
      <p className={s.text}>{description}</p>
      <p className={s.note}>
        <Trans>This part of Drape is being prepared and opens in an upcoming release.</Trans>
      </p>
      <Link to="/home" className={buttonClass({ variant: 'secondary' })}>
        <Icon name="arrowLeft" size={18} />
        <Trans>Back to dashboard</Trans>
      </Link>
    </section>
  );
}

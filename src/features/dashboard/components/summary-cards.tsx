import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Icon, Skeleton, buttonClass, type IconName } from '../../../ui/index.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { canCreateVideo, planBadge, usePlanFacts, useSubscription } from '../../subscription/index.ts';
import { useProjectStats } from '../hooks/use-dashboard.ts';
import * as s from './summary-cards.css.ts';

function SummaryCard({
  look,
  icon,
  label,
  badge,
  children,
  action,
}: {
  look: keyof typeof s.look;
  icon: IconName;
  label: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <section className={[s.card, s.look[look]].join(' ')}>
      <div className={s.head}>
        <span className={s.label}>{label}</span>
        {badge ?? (
          <span className={s.iconWrap}>
            <Icon name={icon} size={18} />
          </span>
        )}
      </div>
      {children}
      <div className={s.footer}>{action}</div>
    </section>
  );
}

export function CreditsCard() {
  const { i18n } = useLingui();
  const { data: sub, isPending } = useSubscription();
  const plan = sub?.plan ?? 'free';
  return (
    <SummaryCard
      look="ink"
      icon="coins"
      label={<Trans>Available credits</Trans>}
      badge={!isPending ? <Badge tone="accent">{i18n._(planBadge(plan))}</Badge> : undefined}
      action={
        <Link to="/pricing" className={buttonClass({ variant: 'secondary', size: 'md' }, s.onInkButton)}>
          <Trans>Purchase credits</Trans>
        </Link>
      }
    >
      <p className={s.value}>
        {isPending ? (
          <Skeleton width={80} height={40} />
        ) : (
          formatNumber(sub?.credits_remaining ?? 0, currentLocale())
        )}
      </p>
      <p className={s.detail}>
        <Trans>Each generated image uses one credit.</Trans>
      </p>
    </SummaryCard>
  );
}

export function ProjectsCard() {
  const { data: stats, isPending } = useProjectStats();
  const n = (v: number) => formatNumber(v, currentLocale());
  return (
    <SummaryCard
      look="plain"
      icon="folder"
      label={<Trans>Total projects</Trans>}
      action={
        <Link to="/projects" className={buttonClass({ variant: 'secondary' })}>
          <Trans>View projects</Trans>
        </Link>
      }
    >
      <p className={s.value}>{isPending ? <Skeleton width={60} height={40} /> : n(stats?.total ?? 0)}</p>
      <p className={s.detail}>
        {isPending ? (
          <Skeleton width={160} />
        ) : (
          <Trans>
            {n(stats?.completed ?? 0)} completed · {n(stats?.in_progress ?? 0)} in progress
          </Trans>
        )}
      </p>
    </SummaryCard>
  );
}

export function VideoCard() {
  const { data: sub } = useSubscription();
  const { data: facts } = usePlanFacts(sub?.plan);
  const allowed = canCreateVideo(facts);
  return (
    <SummaryCard
      look="warm"
      icon="video"
      label={<Trans>Video creation</Trans>}
      action={
        allowed ? (
          <Link to="/video/select-project" className={buttonClass({ variant: 'primary' })}>
            <Trans>Create video</Trans>
          </Link>
        ) : (
          <Link to="/pricing" className={buttonClass({ variant: 'accent' })}>
            <Icon name="sparkles" size={18} />
            <Trans>Upgrade to Advanced</Trans>
          </Link>
        )
      }
    >
      <p className={s.detailStrong}>
        {allowed ? (
          <Trans>Turn a finished project into a short video for your shop and social media.</Trans>
        ) : (
          <Trans>Short product videos from finished projects are part of the Advanced plan.</Trans>
        )}
      </p>
    </SummaryCard>
  );
}

import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Icon, Skeleton, buttonClass } from '../../../ui/index.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useProjectStats } from '../hooks/use-dashboard.ts';
import * as d from './dashboard.css.ts';
import * as s from './project-stats.css.ts';

export function ProjectStats() {
  const { t } = useLingui();
  const { data: stats, isPending } = useProjectStats();
  const n = (v: number) => formatNumber(v, currentLocale());

  const tiles = [
    { key: 'total', label: t`Total`, value: stats?.total },
    { key: 'completed', label: t`Completed`, value: stats?.completed },
    { key: 'progress', label: t`In progress`, value: stats?.in_progress },
    { key: 'rejected', label: t`Rejected`, value: stats?.rejected },
  ] as const;

  return (
    <Card as="section" padding="lg" aria-labelledby="stats-title" aria-busy={isPending}>
      <div className={d.sectionHead}>
        <h2 id="stats-title" className={d.sectionTitle}>
          <Trans>Project statistics</Trans>
        </h2>
      </div>
      {!isPending && stats && stats.total === 0 ? (
        <div className={s.empty}>
          <div className={s.emptyArt} aria-hidden="true">
            <Icon name="image" size={44} />
          </div>
          <div>
            <p className={s.emptyTitle}>
              <Trans>No projects yet</Trans>
            </p>
            <p className={s.emptyText}>
              <Trans>Upload a product photo and get your first on-model images in about two minutes.</Trans>
            </p>
            <Link to="/create" className={buttonClass({ variant: 'primary' })}>
              <Icon name="plus" size={18} />
              <Trans>Create project</Trans>
            </Link>
          </div>
        </div>
      ) : (
        <dl className={s.grid}>
          {tiles.map((tile) => (
            <div key={tile.key} className={s.tile}>
              <dt className={s.tileLabel}>
                <span className={s.dot[tile.key]} aria-hidden="true" />
                {tile.label}
              </dt>
              <dd className={s.tileValue}>
                {isPending ? <Skeleton width={40} height={28} /> : n(tile.value ?? 0)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

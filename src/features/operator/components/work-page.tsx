// /operator/work: the background work at a glance. The dispatch queue's depth and oldest wait,
// the health report (the database's checks and the functions' secrets, from the health
// function) and the images and videos of the last 7 days that failed or are stuck, each with
// the provider's error.
import { Link } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { Alert, Badge, Button, Skeleton } from '../../../ui/index.ts';
import type { WorkImage, WorkVideo } from '../api.ts';
import { healthView, type ShownCheck } from '../health-view.ts';
import { useHealth, useWorkOverview } from '../hooks/use-operator.ts';
import { OperatorHeader } from './operator-header.tsx';
import * as s from './operator.css.ts';

function useWait() {
  const { t } = useLingui();
  return (seconds: number | null) => {
    if (seconds === null) return t`None waiting`;
    if (seconds < 60) return t`Under a minute`;
    if (seconds < 3600) return plural(Math.floor(seconds / 60), { one: '# minute', other: '# minutes' });
    if (seconds < 86400) return plural(Math.floor(seconds / 3600), { one: '# hour', other: '# hours' });
    return plural(Math.floor(seconds / 86400), { one: '# day', other: '# days' });
  };
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className={s.stat}>
      <dt className={s.caption}>{label}</dt>
      <dd className={s.statValue}>{value}</dd>
    </div>
  );
}

function Queue() {
  const { t } = useLingui();
  const wait = useWait();
  const work = useWorkOverview();
  const q = work.data?.queue;
  return (
    <section aria-labelledby="work-queue" className={s.page}>
      <h2 id="work-queue" className={s.sectionTitle}>
        <Trans>Dispatch queue</Trans>
      </h2>
      {work.isPending && <Skeleton height={88} />}
      {q && (
        <dl className={s.stats}>
          <Stat label={t`Images waiting`} value={q.images_due} />
          <Stat label={t`Oldest image waiting`} value={wait(q.oldest_image_wait_seconds)} />
          <Stat label={t`Images being made`} value={q.images_in_flight} />
          <Stat label={t`At the providers`} value={q.at_providers} />
          <Stat label={t`Videos waiting or being made`} value={q.videos_waiting} />
          <Stat label={t`Oldest video waiting`} value={wait(q.oldest_video_wait_seconds)} />
        </dl>
      )}
    </section>
  );
}

function CheckList({ checks, label }: { checks: ShownCheck[]; label: string }) {
  const { t } = useLingui();
  return (
    <ul className={s.checks} aria-label={label}>
      {checks.map((c) => (
        <li key={c.name} className={s.check}>
          {c.state === 'ok' ? (
            <Badge tone="success">{t`OK`}</Badge>
          ) : c.state === 'local' ? (
            <Badge tone="neutral">{t`Handled by the local stack`}</Badge>
          ) : (
            <Badge tone="danger">{t`Needs attention`}</Badge>
          )}
          <span>
            <span className={s.checkName}>{c.name}</span> <span className={s.meta}>{c.detail}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Health() {
  const { t } = useLingui();
  const health = useHealth();
  const view = health.data ? healthView(health.data) : null;
  const report = health.data;
  return (
    <section aria-labelledby="work-health" className={s.page}>
      <div className={s.cardHead}>
        <h2 id="work-health" className={s.sectionTitle}>
          <Trans>Health report</Trans>
        </h2>
        {view &&
          (view.ok ? (
            <Badge tone="success">
              <Trans>Everything is set up</Trans>
            </Badge>
          ) : (
            <Badge tone="danger">
              <Trans>Something needs attention</Trans>
            </Badge>
          ))}
      </div>
      {health.isPending && <Skeleton height={160} />}
      {health.isError && (
        <Alert tone="error">
          <Trans>The health report could not be read.</Trans>{' '}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void health.refetch()}
            loading={health.isFetching}
          >
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      )}
      {report && view && (
        <div className={s.card}>
          {view.local && (
            <p className={s.meta}>
              <Trans>
                This is the local stack: its own timer runs the schedules, so pg_cron, pg_net and Vault, which
                hosted Supabase needs, are not needed here.
              </Trans>
            </p>
          )}
          <h3 className={s.cardTitle}>
            <Trans>Database</Trans>
          </h3>
          {report.database.error ? (
            <Alert tone="error">{report.database.error}</Alert>
          ) : (
            <CheckList checks={view.database} label={t`Database checks`} />
          )}
          <h3 className={s.cardTitle}>
            <Trans>Functions’ secrets</Trans>
          </h3>
          <CheckList checks={view.functions} label={t`Functions’ secrets`} />
        </div>
      )}
    </section>
  );
}

function WorkCard({ item, kind }: { item: WorkImage | WorkVideo; kind: 'image' | 'video' }) {
  const { t } = useLingui();
  const locale = currentLocale();
  const when = 'requested_at' in item ? item.requested_at : item.created_at;
  const name = item.project_name;
  return (
    <article className={s.card} aria-label={kind === 'image' ? t`Image of "${name}"` : t`Video of "${name}"`}>
      <div className={s.cardHead}>
        <div className={s.sellerMain}>
          <h3 className={s.cardTitle}>{name}</h3>
          <Link
            to="/operator/sellers/$userId"
            params={{ userId: item.seller_id }}
            className={s.meta}
            aria-label={t`Seller ${item.seller_email ?? ''}: refund or make again`}
          >
            {item.seller_email}
          </Link>
          <span className={s.meta}>
            <Trans>Started {formatDateTime(when, locale)}</Trans>
            {' · '}
            {plural(item.attempts, { one: '# attempt', other: '# attempts' })}
          </span>
        </div>
        {item.stuck ? (
          <Badge tone="warning">
            <Trans>Stuck</Trans>
          </Badge>
        ) : (
          <Badge tone="danger">
            <Trans>Failed</Trans>
          </Badge>
        )}
      </div>
      {item.error ? (
        <div className={s.fieldLong}>
          <span className={s.caption}>
            <Trans>Provider error</Trans>
          </span>
          <p className={s.description}>{item.error}</p>
        </div>
      ) : (
        <p className={s.meta}>
          <Trans>No error was reported.</Trans>
        </p>
      )}
      <p className={`${s.meta} ${s.code}`}>
        {item.provider_job_id ? t`Provider job ${item.provider_job_id}` : t`Not yet at a provider`}
        {item.lease_expires_at ? ` · ${t`Lease until ${formatDateTime(item.lease_expires_at, locale)}`}` : ''}
        {'refunded_at' in item && item.refunded_at ? ` · ${t`Refunded`}` : ''}
      </p>
    </article>
  );
}

function Failures() {
  const work = useWorkOverview();
  const data = work.data;
  return (
    <>
      {work.isError && !data && (
        <Alert tone="error">
          <Trans>The work could not be loaded.</Trans>{' '}
          <Button size="sm" variant="secondary" onClick={() => void work.refetch()} loading={work.isFetching}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      )}
      <section aria-labelledby="work-images" className={s.page}>
        <h2 id="work-images" className={s.sectionTitle}>
          <Trans>Images failed or stuck in the last 7 days</Trans>
          {data ? ` (${data.images.length})` : ''}
        </h2>
        {data && data.images.length === 0 && (
          <p className={s.empty}>
            <Trans>No image failed or got stuck.</Trans>
          </p>
        )}
        {data && data.images.length > 0 && (
          <ul className={s.list}>
            {data.images.map((i) => (
              <li key={i.id}>
                <WorkCard item={i} kind="image" />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="work-videos" className={s.page}>
        <h2 id="work-videos" className={s.sectionTitle}>
          <Trans>Videos failed or stuck in the last 7 days</Trans>
          {data ? ` (${data.videos.length})` : ''}
        </h2>
        {data && data.videos.length === 0 && (
          <p className={s.empty}>
            <Trans>No video failed or got stuck.</Trans>
          </p>
        )}
        {data && data.videos.length > 0 && (
          <ul className={s.list}>
            {data.videos.map((v) => (
              <li key={v.project_id}>
                <WorkCard item={v} kind="video" />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export function WorkPage() {
  const { t } = useLingui();
  usePageTitle(t`Work`);
  return (
    <div className={s.page}>
      <OperatorHeader current="work" />
      <Queue />
      <Health />
      <Failures />
    </div>
  );
}

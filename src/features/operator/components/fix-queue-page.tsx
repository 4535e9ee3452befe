// /operator: the open fix requests, oldest first, each with its age against the plan's promise,
// the seller, the original result beside the seller's drawing, and the operator's three answers.
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { Alert, Button, Skeleton } from '../../../ui/index.ts';
import { FixStatusBadge } from '../../projects/components.ts';
import { useFixQueue } from '../hooks/use-operator.ts';
import { FixCard } from './fix-card.tsx';
import { OperatorHeader } from './operator-header.tsx';
import * as s from './operator.css.ts';

export function FixQueuePage() {
  const { t } = useLingui();
  usePageTitle(t`Fix queue`);
  const queue = useFixQueue();
  const locale = currentLocale();

  return (
    <div className={s.page}>
      <OperatorHeader current="fixes" />
      <section aria-labelledby="open-fixes" className={s.page}>
        <h2 id="open-fixes" className={s.sectionTitle}>
          <Trans>Open fix requests</Trans>
          {queue.data ? ` (${queue.data.open.length})` : ''}
        </h2>
        {queue.isPending && <Skeleton height={240} />}
        {queue.isError && !queue.data && (
          <Alert tone="error">
            <Trans>The fix queue could not be loaded.</Trans>{' '}
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void queue.refetch()}
              loading={queue.isFetching}
            >
              <Trans>Try again</Trans>
            </Button>
          </Alert>
        )}
        {queue.data && queue.data.open.length === 0 && (
          <p className={s.empty}>
            <Trans>No fix requests are waiting.</Trans>
          </p>
        )}
        {queue.data && queue.data.open.length > 0 && (
          <ul className={s.list}>
            {queue.data.open.map((fix) => (
              <li key={fix.id}>
                <FixCard fix={fix} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {queue.data && queue.data.recent.length > 0 && (
        <section aria-labelledby="recent-fixes">
          <h2 id="recent-fixes" className={s.sectionTitle}>
            <Trans>Recently finished</Trans>
          </h2>
          <ul className={s.list} style={{ gap: 0 }}>
            {queue.data.recent.map((fix) => (
              <li key={fix.id} className={s.recentRow}>
                <span className={s.sellerMain}>
                  <strong>{fix.project_name}</strong>
                  <span className={s.meta}>{fix.seller_email}</span>
                </span>
                <span className={s.badges}>
                  <FixStatusBadge status={fix.status} />
                  {fix.completed_at && (
                    <span className={s.meta}>{formatDateTime(fix.completed_at, locale)}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

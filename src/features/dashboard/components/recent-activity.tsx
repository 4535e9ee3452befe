import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Icon, Skeleton, type IconName } from '../../../ui/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { ActivityItem } from '../rpc-results.ts';
import { activityLink, activityText } from '../activity-text.ts';
import { useRecentActivity } from '../hooks/use-dashboard.ts';
import * as d from './dashboard.css.ts';
import * as s from './recent-activity.css.ts';

const icons: Record<ActivityItem['type'], IconName> = {
  project_created: 'sparkles',
  project_completed: 'checkCircle',
  fix_requested: 'wand',
  tool_used: 'tools',
};

export function RecentActivity() {
  const { i18n } = useLingui();
  const { data: items, isPending } = useRecentActivity();
  return (
    <Card as="section" padding="lg" aria-labelledby="activity-title" aria-busy={isPending}>
      <div className={d.sectionHead}>
        <h2 id="activity-title" className={d.sectionTitle}>
          <Trans>Recent activity</Trans>
        </h2>
        <Link to="/history" className={d.sectionLink}>
          <Trans>View history</Trans>
        </Link>
      </div>
      {isPending ? (
        <div>
          {[0, 1, 2].map((i) => (
            <div key={i} className={s.row}>
              <Skeleton width={36} height={36} radius="10px" />
              <Skeleton width="60%" />
            </div>
          ))}
        </div>
      ) : !items || items.length === 0 ? (
        <p className={s.empty}>
          <Trans>Your projects, fixes and tool uses will show up here.</Trans>
        </p>
      ) : (
        <ul className={s.list}>
          {items.map((item) => (
            <li key={item.id}>
              <Link {...activityLink(item)} className={s.link}>
                <span className={s.icon}>
                  <Icon name={icons[item.type] ?? 'history'} size={18} />
                </span>
                <span className={s.text}>
                  {activityText(item, i18n)}
                  <time className={s.meta} dateTime={item.date}>
                    {formatDateTime(item.date, currentLocale())}
                  </time>
                </span>
                <Icon name="chevronRight" size={18} className={s.chevron} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

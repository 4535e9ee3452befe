import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Icon, buttonClass } from '../../../ui/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { isNetworkError } from '../../../lib/errors/index.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useDisplayName } from '../../profile/index.ts';
import { useSubscription } from '../../subscription/index.ts';
import { useDashboardLive, useProjectStats, useRecentActivity } from '../hooks/use-dashboard.ts';
import { CreditsCard, ProjectsCard, VideoCard } from './summary-cards.tsx';
import { ProjectStats } from './project-stats.tsx';
import { RecentActivity } from './recent-activity.tsx';
import { SubscriptionInfo } from './subscription-info.tsx';
import { ToolsSection } from './tools-section.tsx';
import * as s from './dashboard.css.ts';

export function DashboardPage() {
  const { t } = useLingui();
  usePageTitle(t`Home`);
  useDashboardLive();
  const name = useDisplayName();
  const stats = useProjectStats();
  const activity = useRecentActivity();
  const subscription = useSubscription();
  // offline with the last data at hand: that data shows, under the shell's offline banner
  const failed = [stats, activity, subscription].filter(
    (q) => q.isError && !(q.data !== undefined && isNetworkError(q.error)),
  );
  // a seller is new until the first project or tool use; back once there is something to come back to
  const returning = (stats.data?.total ?? 0) > 0 || (activity.data?.length ?? 0) > 0;
  const today = formatDate(new Date(), currentLocale(), { weekday: 'long', month: 'long', day: 'numeric' });

  return (
    <div className={s.page}>
      <header className={[s.hero, s.intro].join(' ')}>
        <div>
          <p className={s.eyebrow}>{today}</p>
          <h1 className={s.greeting}>
            {returning ? <Trans>Welcome back, {name}</Trans> : <Trans>Welcome, {name}</Trans>}
          </h1>
          <p className={s.lead}>
            <Trans>Here is where your shoots stand today.</Trans>
          </p>
        </div>
        <Link to="/create" className={buttonClass({ size: 'lg' })}>
          <Icon name="plus" size={18} />
          <Trans>New project</Trans>
        </Link>
      </header>

      {failed.length > 0 && (
        <div className={s.intro}>
          <Alert tone="error">
            <Trans>Error loading dashboard data. Please try again.</Trans>{' '}
            <Button size="sm" variant="secondary" onClick={() => failed.forEach((q) => void q.refetch())}>
              <Trans>Retry</Trans>
            </Button>
          </Alert>
        </div>
      )}

      <div className={[s.cards, s.intro].join(' ')}>
        <CreditsCard />
        <ProjectsCard />
        <VideoCard />
      </div>

      <div className={[s.split, s.even, s.intro].join(' ')}>
        <ProjectStats />
        <SubscriptionInfo />
      </div>

      <div className={[s.split, s.intro].join(' ')}>
        <RecentActivity />
        <ToolsSection />
      </div>
    </div>
  );
}

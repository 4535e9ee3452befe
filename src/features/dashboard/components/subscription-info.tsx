import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Skeleton } from '../../../ui/index.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { creditsSummary, planTitle, useSubscription } from '../../subscription/index.ts';
import * as d from './dashboard.css.ts';
import * as s from './subscription-info.css.ts';

export function SubscriptionInfo() {
  const { t, i18n } = useLingui();
  const { data: sub, isPending } = useSubscription();
  const locale = currentLocale();
  const credits = creditsSummary(sub);
  const n = (v: number) => formatNumber(v, locale);
  const share = credits.cycle > 0 ? Math.min(100, Math.round((credits.remaining / credits.cycle) * 100)) : 0;
  const remainingText = n(credits.remaining);
  const cycleText = n(credits.cycle);

  return (
    <Card as="section" padding="lg" aria-labelledby="subscription-title" aria-busy={isPending}>
      <div className={d.sectionHead}>
        <h2 id="subscription-title" className={d.sectionTitle}>
          <Trans>Subscription</Trans>
        </h2>
        <Link to="/settings" search={{ tab: 'billing' }} className={d.sectionLink}>
          <Trans>Billing</Trans>
        </Link>
      </div>
      <dl className={s.rows}>
        <div className={s.row}>
          <dt className={s.term}>
            <Trans>Current plan</Trans>
          </dt>
          <dd className={s.value}>
            {isPending ? <Skeleton width={60} /> : planTitle(sub?.plan ?? 'free', i18n)}
          </dd>
        </div>
        <div className={s.row}>
          <dt className={s.term}>
            <Trans>Next billing date</Trans>
          </dt>
          <dd className={s.value}>
            {isPending ? <Skeleton width={90} /> : formatDate(sub?.current_period_end, locale)}
          </dd>
        </div>
        <div className={s.row}>
          <dt className={s.term}>
            <Trans>Credits remaining</Trans>
          </dt>
          <dd className={s.value}>
            {isPending ? <Skeleton width={50} /> : `${remainingText} / ${cycleText}`}
          </dd>
        </div>
      </dl>
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot be styled alike across browsers */}
      <div
        className={s.meter}
        role="meter"
        aria-label={t`Credits remaining`}
        aria-valuemin={0}
        aria-valuemax={credits.cycle}
        aria-valuenow={credits.remaining}
        aria-valuetext={t`${remainingText} of ${cycleText}`}
      >
        <span className={s.meterFill} style={{ width: `${share}%` }} />
      </div>
    </Card>
  );
}

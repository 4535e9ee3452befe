import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Icon, Skeleton, buttonClass } from '../../../ui/index.ts';
import { formatDate, formatEuro, formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import {
  canCancel,
  creditsSummary,
  planBadge,
  planName,
  showsUpgrade,
  usePlanFacts,
  useSubscription,
} from '../../subscription/index.ts';
import { useOpenBillingPortal } from '../hooks/use-settings-mutations.ts';
import { SettingsSection } from './settings-section.tsx';
import * as s from './settings.css.ts';

export function BillingTab() {
  const { i18n } = useLingui();
  const { data: sub, isPending } = useSubscription();
  const { data: facts } = usePlanFacts(sub?.plan);
  // On success the browser leaves for the portal, so the button stays busy until it does.
  const portal = useOpenBillingPortal();
  const opening = portal.isPending || portal.isSuccess;
  const locale = currentLocale();
  const plan = sub?.plan ?? 'free';
  const credits = creditsSummary(sub);
  const cancelling = sub?.cancel_at_period_end === true;
  const amount = facts ? formatEuro(facts.price_eur, locale) : null;
  const date = formatDate(sub?.current_period_end, locale);
  const manageable = canCancel(sub);

  const value = (v: React.ReactNode) => (isPending ? <Skeleton width={90} height={22} /> : v);

  return (
    <div className={s.panel}>
      <SettingsSection
        title={<Trans>Plan and billing</Trans>}
        description={<Trans>Plans renew monthly. Changes take effect at the next billing cycle.</Trans>}
      >
        <dl className={s.facts}>
          <div className={s.fact}>
            <dt className={s.factLabel}>
              <Trans>Current plan</Trans>
            </dt>
            <dd className={s.factValue}>{value(i18n._(planBadge(plan)))}</dd>
          </div>
          <div className={s.fact}>
            <dt className={s.factLabel}>
              <Trans>Amount</Trans>
            </dt>
            <dd className={s.factValue}>
              {amount === null ? <Skeleton width={90} height={22} /> : value(<Trans>{amount} / month</Trans>)}
            </dd>
          </div>
          <div className={s.fact}>
            <dt className={s.factLabel}>
              {cancelling ? <Trans>End date</Trans> : <Trans>Next billing date</Trans>}
            </dt>
            <dd className={s.factValue}>{value(date)}</dd>
          </div>
          <div className={s.fact}>
            <dt className={s.factLabel}>
              <Trans>Credits</Trans>
            </dt>
            <dd className={s.factValue}>
              {value(`${formatNumber(credits.remaining, locale)} / ${formatNumber(credits.cycle, locale)}`)}
            </dd>
          </div>
        </dl>
        {cancelling && (
          <Alert tone="info">
            <Trans>
              Your subscription is cancelled and ends on {date}. You keep your credits until then.
            </Trans>
          </Alert>
        )}
        {!cancelling && sub?.scheduled_plan && (
          <Alert tone="info">
            <Trans>
              Your plan changes to {planName(sub.scheduled_plan)} on {date}. You keep {planName(plan)} and
              your credits until then.
            </Trans>
          </Alert>
        )}
        <div className={s.linkRow}>
          {showsUpgrade(plan) && (
            <Link to="/pricing" className={buttonClass({ variant: 'accent' })}>
              <Icon name="sparkles" size={18} />
              <Trans>Upgrade plan</Trans>
            </Link>
          )}
          <Link to="/pricing" className={buttonClass({ variant: 'secondary' })}>
            <Icon name="plus" size={18} />
            <Trans>Add credits</Trans>
          </Link>
          {plan !== 'free' && (
            <Link to="/pricing" className={buttonClass({ variant: 'ghost' })}>
              <Trans>Downgrade</Trans>
            </Link>
          )}
        </div>
      </SettingsSection>
      <SettingsSection
        title={<Trans>Payment details</Trans>}
        description={
          <Trans>
            Invoices, card and cancellation are handled in the secure billing portal of our payment provider.
          </Trans>
        }
      >
        {portal.errorText && <Alert tone="error">{portal.errorText}</Alert>}
        <div className={s.linkRow}>
          {/* the portal is also where a pending cancellation is taken back, so it stays open for it */}
          <Button
            variant="secondary"
            onClick={() => portal.mutate()}
            disabled={plan === 'free'}
            loading={opening}
          >
            <Icon name="creditCard" size={18} />
            <Trans>Manage billing</Trans>
          </Button>
          <Button variant="danger" onClick={() => portal.mutate()} disabled={!manageable || opening}>
            <Trans>Cancel in billing portal</Trans>
          </Button>
        </div>
      </SettingsSection>
    </div>
  );
}

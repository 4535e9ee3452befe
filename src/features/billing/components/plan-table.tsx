// The plan table (spec 2 §2): monthly only, Lite, Pro, Advanced and Enterprise; each button
// by the seller's plan (Current plan, Get started, Upgrade, Downgrade; Contact Us).
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Icon, Skeleton, Tabs } from '../../../ui/index.ts';
import { formatDate, formatEuro } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { Plan, PlanFacts } from '../../subscription/index.ts';
import { TIERS, type Tier, tierAction } from '../plan-rules.ts';
import { TIER_COPY } from '../tiers.ts';
import * as s from './pricing.css.ts';

export interface PlanTableProps {
  current: Plan;
  facts: PlanFacts[] | undefined;
  scheduledPlan: Plan | null;
  cancelling: boolean;
  periodEnd: string | null;
  /** the tier whose checkout is being opened */
  busy: Tier | null;
  onChoose: (tier: Exclude<Tier, 'enterprise'>, action: 'checkout' | 'downgrade') => void;
  onKeepPlan: () => void;
  keepingPlan: boolean;
  onContact: () => void;
}

export function PlanTable(p: PlanTableProps) {
  const { t } = useLingui();
  return (
    <section id="plans" className={s.section} aria-labelledby="plans-title">
      <div className={s.sectionHead}>
        <div>
          <h2 id="plans-title" className={s.sectionTitle}>
            <Trans>Plans</Trans>
          </h2>
          <p className={s.sectionText}>
            <Trans>
              Monthly credits for every shoot. Upgrade at any time; changes to a lower plan take effect at the
              next billing cycle.
            </Trans>
          </p>
        </div>
      </div>
      <Tabs
        label={t`Billing frequency`}
        value="monthly"
        onChange={() => undefined}
        items={[{ value: 'monthly', label: <Trans>Monthly</Trans>, content: <PlanGrid {...p} /> }]}
      />
    </section>
  );
}

function PlanGrid(p: PlanTableProps) {
  return (
    <div className={s.plans}>
      {TIERS.map((tier) => (
        <PlanCard key={tier} tier={tier} {...p} />
      ))}
    </div>
  );
}

function PlanCard({
  tier,
  current,
  facts,
  scheduledPlan,
  cancelling,
  periodEnd,
  busy,
  onChoose,
  onKeepPlan,
  keepingPlan,
  onContact,
}: PlanTableProps & { tier: Tier }) {
  const { i18n } = useLingui();
  const locale = currentLocale();
  const copy = TIER_COPY[tier];
  const fact = tier === 'enterprise' ? null : facts?.find((f) => f.id === tier);
  const action = tierAction(current, tier);
  const isCurrent = action === 'current';
  const date = formatDate(periodEnd, locale);
  const scheduledHere = scheduledPlan === tier;
  const nameId = `plan-${tier}-name`;

  const button = (() => {
    switch (action) {
      case 'current':
        return (
          <Button variant="secondary" block disabled>
            <Trans>Current plan</Trans>
          </Button>
        );
      case 'contact':
        return (
          <Button variant="secondary" block onClick={onContact}>
            <Trans>Contact Us</Trans>
          </Button>
        );
      case 'downgrade':
        return (
          <Button
            variant="ghost"
            block
            disabled={scheduledHere || busy !== null}
            onClick={() => onChoose(tier as Exclude<Tier, 'enterprise'>, 'downgrade')}
          >
            {scheduledHere ? <Trans>Downgrade scheduled</Trans> : <Trans>Downgrade</Trans>}
          </Button>
        );
      default:
        return (
          <Button
            variant={copy.popular ? 'accent' : 'primary'}
            block
            loading={busy === tier}
            disabled={busy !== null && busy !== tier}
            onClick={() => onChoose(tier as Exclude<Tier, 'enterprise'>, 'checkout')}
          >
            {action === 'get_started' ? <Trans>Get started</Trans> : <Trans>Upgrade</Trans>}
          </Button>
        );
    }
  })();

  return (
    <article
      className={[s.plan, copy.popular ? s.planPopular : '', isCurrent ? s.planCurrent : ''].join(' ')}
      aria-labelledby={nameId}
    >
      <div className={s.planTop}>
        <h3 id={nameId} className={s.planName}>
          {copy.name}
        </h3>
        {isCurrent ? (
          <Badge tone="neutral">
            <Trans>Your plan</Trans>
          </Badge>
        ) : copy.popular ? (
          <Badge tone="accent">
            <Trans>Most popular</Trans>
          </Badge>
        ) : null}
      </div>
      <p className={s.planDescription}>{i18n._(copy.description)}</p>
      <div>
        <div className={s.planPrice}>
          {tier === 'enterprise' ? (
            <span className={s.planAmountWords}>
              <Trans>Custom</Trans>
            </span>
          ) : fact ? (
            <>
              <span className={s.planAmount}>{formatEuro(fact.price_eur, locale)}</span>
              <span className={s.planPeriod}>
                <Trans>/ month</Trans>
              </span>
            </>
          ) : (
            <Skeleton width={96} height={36} />
          )}
        </div>
        <p className={s.planCredits}>
          {tier === 'enterprise' ? (
            <Trans>Credits for your volume</Trans>
          ) : fact ? (
            <Plural value={fact.monthly_credits} one="# credit per month" other="# credits per month" />
          ) : (
            <Skeleton width={120} height={16} />
          )}
        </p>
      </div>
      <ul className={s.features}>
        {copy.features.map((f) => (
          <li key={f.id} className={s.feature}>
            <Icon name="check" size={16} className={s.featureIcon} />
            <span>{i18n._(f)}</span>
          </li>
        ))}
      </ul>
      <div className={s.planActions}>
        {isCurrent && cancelling && (
          <p className={s.planNotice}>
            <Trans>Cancelled: your plan ends on {date}.</Trans>
          </p>
        )}
        {isCurrent && scheduledPlan && (
          <>
            <p className={s.planNotice}>
              <Trans>
                Changes to {TIER_COPY[scheduledPlan as Tier]?.name ?? scheduledPlan} on {date}.
              </Trans>
            </p>
            <Button variant="secondary" block loading={keepingPlan} onClick={onKeepPlan}>
              <Trans>Keep {copy.name}</Trans>
            </Button>
          </>
        )}
        {!(isCurrent && scheduledPlan) && button}
      </div>
    </article>
  );
}

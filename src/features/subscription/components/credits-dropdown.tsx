import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Dropdown, Icon, Skeleton, buttonClass } from '../../../ui/index.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useHoverMenu } from '../hooks/use-hover-menu.ts';
import { useSubscription } from '../hooks/use-subscription.ts';
import { creditsSummary, showsUpgrade } from '../plan.ts';
import { planBadge } from '../plan-labels.ts';
import * as s from './credits-dropdown.css.ts';

/** Credits in the header: opens on hover (closes 300 ms after leaving), or on click. */
export function CreditsDropdown() {
  const { t, i18n } = useLingui();
  const { data: sub, isPending } = useSubscription();
  const { open, setOpen, toggle, hoverProps } = useHoverMenu();
  const locale = currentLocale();
  const credits = creditsSummary(sub);
  const plan = sub?.plan ?? 'free';
  const n = (v: number) => formatNumber(v, locale);
  const remainingText = n(credits.remaining);

  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      role="dialog"
      label={t`Credits`}
      {...hoverProps}
      trigger={(props) => (
        <button
          type="button"
          className={s.trigger}
          {...props}
          onClick={toggle}
          aria-label={t`Credits: ${remainingText} remaining`}
        >
          <Icon name="coins" size={18} />
          {isPending ? (
            <Skeleton width={20} height={14} />
          ) : (
            <span className={credits.empty ? s.empty : undefined}>{remainingText}</span>
          )}
          <span className={s.triggerUnit}>
            <Trans>credits</Trans>
          </span>
        </button>
      )}
    >
      <div className={s.panel}>
        <div className={s.top}>
          <div>
            <p className={s.caption}>
              <Trans>Credits remaining</Trans>
            </p>
            <p className={s.big} data-empty={credits.empty}>
              {remainingText}
            </p>
          </div>
          <Badge tone={plan === 'free' ? 'neutral' : 'accent'}>{i18n._(planBadge(plan))}</Badge>
        </div>
        {!isPending && credits.empty && (
          <Alert tone="warning">
            <strong className={s.hintTitle}>
              <Trans>Out of Credits</Trans>
            </strong>
            <Trans>Purchase more credits to continue creating</Trans>
          </Alert>
        )}
        {showsUpgrade(plan) && (
          <Link
            to="/pricing"
            className={buttonClass({ variant: 'accent', block: true })}
            onClick={() => setOpen(false)}
          >
            <Icon name="sparkles" size={18} />
            <Trans>Upgrade</Trans>
          </Link>
        )}
        <dl className={s.rows}>
          <div className={s.row}>
            <dt className={s.term}>
              <Trans>Current cycle</Trans>
            </dt>
            <dd className={s.value}>
              <Trans>
                {n(credits.cycleRemaining)} + {n(credits.used)} used
              </Trans>
            </dd>
          </div>
          <div className={s.row}>
            <dt className={s.term}>
              <Trans>Rollover from previous cycles</Trans>
            </dt>
            <dd className={s.value}>{n(credits.rollover)}</dd>
          </div>
          <div className={[s.row, s.total].join(' ')}>
            <dt>
              <Trans>Total available</Trans>
            </dt>
            <dd className={s.value}>{n(credits.totalAvailable)}</dd>
          </div>
        </dl>
        <Link
          to="/pricing"
          className={buttonClass({ variant: 'secondary', block: true })}
          onClick={() => setOpen(false)}
        >
          <Icon name="plus" size={18} />
          <Trans>Add credits</Trans>
        </Link>
      </div>
    </Dropdown>
  );
}

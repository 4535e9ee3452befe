// /success (the return from Stripe Checkout): what the server says about this checkout —
// plan activated or credits added — read from the history log the payment webhook writes.
// The webhook may arrive after the seller does: the page waits for it live (the subscription
// row changes in the same transaction) and reads again every few seconds; after a minute
// without it, it says so plainly: the payment is not lost, the plan or credits follow.
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Icon, Spinner, buttonClass } from '../../../ui/index.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useLiveRows } from '../../../lib/live-rows.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { useSubscription } from '../../subscription/index.ts';
import { billingKeys, type CheckoutResult, checkoutResultQueryOptions } from '../api.ts';
import { formatAmount } from '../money.ts';
import { TIER_COPY } from '../tiers.ts';
import * as s from './success.css.ts';

/** Reads again this often while the payment is not confirmed yet. */
export const SUCCESS_POLL_MS = 3000;
/** After this long without a confirmation the page says it is taking longer than usual. */
export const SUCCESS_PATIENCE_MS = 60_000;

export function SuccessPage({ sessionId }: { sessionId: string | null }) {
  const { t } = useLingui();
  usePageTitle(t`Payment`);
  const supabase = useSupabase();
  const user = useUser();
  const [startedAt] = useState(() => Date.now());
  const [late, setLate] = useState(false);
  const result = useQuery({
    ...checkoutResultQueryOptions(supabase, user.id, sessionId ?? ''),
    enabled: !!sessionId,
    refetchInterval: (q) => (isFinal(q.state.data) || late ? false : SUCCESS_POLL_MS),
  });
  const waiting = !!sessionId && !isFinal(result.data);
  useLiveRows({
    channel: `success:${user.id}`,
    table: 'subscriptions',
    filter: `user_id=eq.${user.id}`,
    refetch: sessionId ? [billingKeys.checkout(user.id, sessionId)] : [],
    enabled: waiting,
  });
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setLate(true), Math.max(0, startedAt + SUCCESS_PATIENCE_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [waiting, startedAt]);

  return (
    <div className={s.page}>
      <section className={s.card} aria-live="polite" aria-busy={waiting && !late}>
        <Body
          sessionId={sessionId}
          result={result.data}
          loadFailed={result.isError && !result.data}
          late={late}
          retry={() => void result.refetch()}
        />
      </section>
    </div>
  );
}

function isFinal(r: CheckoutResult | undefined): boolean {
  return !!r && (r.status === 'paid' || r.status === 'expired');
}

function Body({
  sessionId,
  result,
  loadFailed,
  late,
  retry,
}: {
  sessionId: string | null;
  result: CheckoutResult | undefined;
  loadFailed: boolean;
  late: boolean;
  retry: () => void;
}) {
  const locale = currentLocale();
  const { data: sub } = useSubscription();
  const n = (v: number | undefined | null) => formatNumber(Number(v ?? 0), locale);

  if (!sessionId || result?.status === 'unknown') {
    return (
      <>
        <span className={`${s.icon} ${s.iconProblem}`}>
          <Icon name="info" size={30} />
        </span>
        <h1 className={s.title}>
          <Trans>No payment to show</Trans>
        </h1>
        <p className={s.text}>
          <Trans>This page shows the result of a purchase. Nothing was charged from here.</Trans>
        </p>
        <div className={s.actions}>
          <Link to="/pricing" className={buttonClass({ variant: 'primary' })}>
            <Trans>See plans and credits</Trans>
          </Link>
        </div>
      </>
    );
  }

  if (result?.status === 'paid' && result.kind === 'plan') {
    const name = TIER_COPY[result.plan as keyof typeof TIER_COPY]?.name ?? result.plan ?? '';
    return (
      <>
        <span className={`${s.icon} ${s.iconSuccess}`}>
          <Icon name="checkCircle" size={32} />
        </span>
        <h1 className={s.title}>
          <Trans>Welcome to {name}!</Trans>
        </h1>
        <p className={s.text}>
          <Plural
            value={Number(result.credits_added ?? 0)}
            one={`Your ${name} plan is active. # credit was added to your account.`}
            other={`Your ${name} plan is active. # credits were added to your account.`}
          />
        </p>
        <dl className={s.facts}>
          <Fact label={<Trans>Plan</Trans>} value={<Trans>{name} Plan</Trans>} />
          <Fact label={<Trans>Credits available</Trans>} value={n(sub?.credits_remaining)} />
          <Fact
            label={<Trans>Paid</Trans>}
            value={
              result.amount !== undefined && result.amount !== null
                ? formatAmount(Number(result.amount), result.currency, locale)
                : '—'
            }
          />
          <Fact
            label={<Trans>Next billing date</Trans>}
            value={formatDate(sub?.current_period_end ?? result.current_period_end, locale)}
          />
        </dl>
        <Actions />
      </>
    );
  }

  if (result?.status === 'paid' && result.kind === 'credits') {
    return (
      <>
        <span className={`${s.icon} ${s.iconSuccess}`}>
          <Icon name="coins" size={30} />
        </span>
        <h1 className={s.title}>
          <Plural value={Number(result.credits_added ?? 0)} one="# credit added" other="# credits added" />
        </h1>
        <p className={s.text}>
          <Trans>Thank you for your purchase. Your credits are ready to use and never expire.</Trans>
        </p>
        <dl className={s.facts}>
          <Fact
            label={<Trans>Credits available</Trans>}
            value={n(sub?.credits_remaining ?? result.new_credits)}
          />
          <Fact
            label={<Trans>Paid</Trans>}
            value={
              result.amount !== undefined && result.amount !== null
                ? formatAmount(Number(result.amount), result.currency, locale)
                : '—'
            }
          />
        </dl>
        <Actions />
      </>
    );
  }

  if (result?.status === 'expired') {
    return (
      <>
        <span className={`${s.icon} ${s.iconProblem}`}>
          <Icon name="clock" size={30} />
        </span>
        <h1 className={s.title}>
          <Trans>This checkout was not completed</Trans>
        </h1>
        <p className={s.text}>
          <Trans>The checkout expired before a payment was made. Nothing was charged.</Trans>
        </p>
        <div className={s.actions}>
          <Link to="/pricing" className={buttonClass({ variant: 'primary' })}>
            <Trans>Back to pricing</Trans>
          </Link>
        </div>
      </>
    );
  }

  if (late || loadFailed) {
    return (
      <>
        <span className={`${s.icon} ${s.iconProblem}`}>
          <Icon name="clock" size={30} />
        </span>
        <h1 className={s.title}>
          <Trans>Your payment is still being confirmed</Trans>
        </h1>
        <p className={s.text}>
          <Trans>
            This is taking longer than usual. Your payment is safe: your plan or credits are added as soon as
            the confirmation arrives, and this page and your balance update by themselves. If nothing changes
            within an hour, contact us.
          </Trans>
        </p>
        <div className={s.actions}>
          <Button variant="secondary" onClick={retry}>
            <Icon name="refresh" size={18} />
            <Trans>Check again</Trans>
          </Button>
          <Link to="/home" className={buttonClass({ variant: 'ghost' })}>
            <Trans>Go to dashboard</Trans>
          </Link>
        </div>
      </>
    );
  }

  return (
    <>
      <span className={`${s.icon} ${s.iconWaiting}`}>
        <Spinner size={30} />
      </span>
      <h1 className={s.title}>
        <Trans>Confirming your payment…</Trans>
      </h1>
      <p className={s.text}>
        <Trans>This usually takes a few seconds. You can stay on this page.</Trans>
      </p>
    </>
  );
}

function Fact({ label, value }: { label: React.ReactNode; value: React.ReactNode }) {
  return (
    <div className={s.fact}>
      <dt className={s.factLabel}>{label}</dt>
      <dd className={s.factValue}>{value}</dd>
    </div>
  );
}

function Actions() {
  return (
    <div className={s.actions}>
      <Link to="/create" className={buttonClass({ variant: 'accent' })}>
        <Icon name="sparkles" size={18} />
        <Trans>Start creating</Trans>
      </Link>
      <Link to="/history" search={{ tab: 'purchases' }} className={buttonClass({ variant: 'secondary' })}>
        <Trans>View purchase history</Trans>
      </Link>
    </div>
  );
}

// /pricing (spec 2 §2, §4, §5, §8, §9): extra credits, the plan table, the FAQ, the enterprise
// and downgrade dialogs. A paid seller comes for credits (they lead); a free one for a plan
// (the table leads).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../../ui/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import {
  subscriptionKeys,
  usePlans,
  useSubscription,
  normalisePlan,
  type Plan,
} from '../../subscription/index.ts';
import { useUser } from '../../auth/index.ts';
import { creditPricesQueryOptions } from '../../tools/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useChangePlan, usePlanCheckout } from '../hooks/use-billing-mutations.ts';
import { CONTACT_SALES_AT } from '../credit-slider.ts';
import { CreditPacks } from './credit-packs.tsx';
import { DowngradeDialog } from './downgrade-dialog.tsx';
import { EnterpriseDialog } from './enterprise-dialog.tsx';
import { Faq } from './faq.tsx';
import { PlanTable } from './plan-table.tsx';
import * as s from './pricing.css.ts';

type PaidPlan = Exclude<Plan, 'free'>;

export function PricingPage() {
  const { t } = useLingui();
  usePageTitle(t`Pricing`);
  const user = useUser();
  const queryClient = useQueryClient();
  const { data: sub } = useSubscription();
  const { data: plans } = usePlans();
  const { data: prices } = useQuery(creditPricesQueryOptions(useSupabase()));
  const modelPrice = prices?.['model-creator'];
  const current = normalisePlan(sub?.plan);
  const [salesFor, setSalesFor] = useState<number | null>(null);
  const [downgradeTo, setDowngradeTo] = useState<PaidPlan | null>(null);

  const checkout = usePlanCheckout();
  const keep = useChangePlan();
  const redirecting = checkout.isPending || checkout.isSuccess ? (checkout.variables ?? null) : null;
  const scheduled = sub?.scheduled_plan ?? null;

  const credits = <CreditPacks plan={current} onContactSales={(n) => setSalesFor(n)} />;
  const table = (
    <PlanTable
      current={current}
      facts={plans}
      scheduledPlan={scheduled}
      cancelling={sub?.cancel_at_period_end === true}
      periodEnd={sub?.current_period_end ?? null}
      busy={redirecting}
      onChoose={(tier, action) => (action === 'downgrade' ? setDowngradeTo(tier) : checkout.mutate(tier))}
      onKeepPlan={() => current !== 'free' && keep.mutate(current)}
      keepingPlan={keep.isPending}
      onContact={() => setSalesFor(CONTACT_SALES_AT)}
    />
  );

  return (
    <div className={s.page}>
      <header className={s.header}>
        <p className={s.eyebrow}>
          <Trans>Pricing</Trans>
        </p>
        <h1 className={s.title}>
          <Trans>Professional product photos, priced per image</Trans>
        </h1>
        <p className={s.lead}>
          <Trans>Every plan renews monthly with fresh credits. One credit is one generated image.</Trans>
        </p>
        {modelPrice !== undefined && (
          <p className={s.lead}>
            <Plural
              value={modelPrice}
              one="Advanced: a custom model of your own costs # credit to make, once; every photo with it costs as any other."
              other="Advanced: a custom model of your own costs # credits to make, once; every photo with it costs as any other."
            />
          </p>
        )}
      </header>
      {checkout.errorText && <Alert tone="error">{checkout.errorText}</Alert>}
      {current === 'free' ? (
        <>
          {table}
          {credits}
        </>
      ) : (
        <>
          {credits}
          {table}
        </>
      )}
      <Faq />
      <EnterpriseDialog
        open={salesFor !== null}
        credits={salesFor ?? CONTACT_SALES_AT}
        onClose={() => setSalesFor(null)}
      />
      {downgradeTo && current !== 'free' && sub && (
        <DowngradeDialog
          target={downgradeTo}
          current={current}
          periodEnd={sub.current_period_end}
          cancelling={sub.cancel_at_period_end}
          onClose={() => setDowngradeTo(null)}
          onDone={() => {
            setDowngradeTo(null);
            void queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(user.id) });
          }}
        />
      )}
    </div>
  );
}

// Extra credits (spec 2 §2, §5, §9): the slider's value is priced by the server
// (credit_pack_quote for the seller's plan) and bought at that price; 500 leads to sales.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Icon, Skeleton } from '../../../ui/index.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import type { Plan } from '../../subscription/index.ts';
import { creditQuoteQueryOptions } from '../api.ts';
import { useBuyCredits } from '../hooks/use-billing-mutations.ts';
import {
  CONTACT_SALES_AT,
  SLIDER_DEFAULT,
  SLIDER_MAX,
  SLIDER_MIN,
  SLIDER_STEP,
  snapCredits,
} from '../credit-slider.ts';
import { formatCents } from '../money.ts';
import * as s from './pricing.css.ts';

const DISCOUNT_STEPS = [
  { from: 100, percent: 5 },
  { from: 200, percent: 10 },
  { from: 400, percent: 20 },
];

export function CreditPacks({
  plan,
  onContactSales,
}: {
  plan: Plan;
  onContactSales: (credits: number) => void;
}) {
  const supabase = useSupabase();
  const { t } = useLingui();
  const locale = currentLocale();
  const [credits, setCredits] = useState(SLIDER_DEFAULT);
  const sales = credits >= CONTACT_SALES_AT;
  const quote = useQuery({ ...creditQuoteQueryOptions(supabase, plan, credits), enabled: !sales });
  const buy = useBuyCredits();
  const redirecting = buy.isPending || buy.isSuccess;
  const q = quote.data && quote.data.credits === credits ? quote.data : null;
  const canBuy = plan !== 'free';
  const full = q ? q.credits * q.unit_price * 100 : 0;
  const n = (v: number) => formatNumber(v, locale);

  return (
    <section className={s.section} aria-labelledby="credit-packs-title">
      <div className={s.sectionHead}>
        <div>
          <h2 id="credit-packs-title" className={s.sectionTitle}>
            <Trans>Extra credits</Trans>
          </h2>
          <p className={s.sectionText}>
            <Trans>Top up your balance at any time. Credits from packs never expire.</Trans>
          </p>
        </div>
      </div>
      <div className={s.packs}>
        <div className={s.sliderBox}>
          <label htmlFor="credit-slider" className={s.creditsValue}>
            <span className={s.creditsNumber}>{n(credits)}</span>
            <span className={s.creditsUnit}>
              <Trans>credits</Trans>
            </span>
          </label>
          <input
            id="credit-slider"
            className={s.slider}
            type="range"
            min={SLIDER_MIN}
            max={SLIDER_MAX}
            step={SLIDER_STEP}
            value={credits}
            aria-valuetext={t({ message: plural(credits, { one: '# credit', other: '# credits' }) })}
            onChange={(e) => setCredits(snapCredits(Number(e.target.value)))}
          />
          <div className={s.ticks} aria-hidden="true">
            <span>{n(SLIDER_MIN)}</span>
            <span>{n(250)}</span>
            <span>{n(SLIDER_MAX)}</span>
          </div>
          <ul className={s.tiers} aria-label={t`Volume discounts`}>
            {DISCOUNT_STEPS.map((d) => {
              const on =
                credits >= d.from && !DISCOUNT_STEPS.some((x) => x.from > d.from && credits >= x.from);
              return (
                <li key={d.from} className={[s.tierChip, on ? s.tierChipOn : ''].join(' ')}>
                  <Trans>
                    {d.percent}% off from {n(d.from)}
                  </Trans>
                </li>
              );
            })}
          </ul>
        </div>

        <div className={s.priceBox}>
          {sales ? (
            <>
              <div>
                <p className={s.priceLabel}>
                  <Trans>500 credits or more</Trans>
                </p>
                <p className={s.unit}>
                  <Trans>For larger volumes we prepare an offer for your catalogue.</Trans>
                </p>
              </div>
              <Button variant="accent" size="lg" block onClick={() => onContactSales(credits)}>
                <Icon name="message" size={18} />
                <Trans>Contact sales</Trans>
              </Button>
            </>
          ) : (
            <>
              <div aria-live="polite" aria-busy={!q}>
                <p className={s.priceLabel}>
                  <Trans>Total</Trans>
                </p>
                {q ? (
                  <>
                    <div className={s.priceRow}>
                      <span className={s.priceTotal}>{formatCents(q.amount_cents, locale)}</span>
                      {q.discount_percent > 0 && (
                        <span className={s.priceWas}>{formatCents(full, locale)}</span>
                      )}
                      {q.discount_percent > 0 && (
                        <Badge tone="success">
                          <Trans>{n(q.discount_percent)}% volume discount</Trans>
                        </Badge>
                      )}
                    </div>
                    <p className={s.unit}>
                      <Trans>{formatCents(q.unit_price * 100, locale)} per credit on your plan</Trans>
                    </p>
                  </>
                ) : quote.isError ? (
                  <p className={s.unit}>
                    <Trans>The price could not be loaded.</Trans>
                  </p>
                ) : (
                  <Skeleton width={140} height={32} />
                )}
              </div>
              {!canBuy && (
                <Alert tone="info">
                  <Trans>Credit packs are available on the Lite, Pro and Advanced plans.</Trans>{' '}
                  <a href="#plans">
                    <Trans>Choose a plan</Trans>
                  </a>
                </Alert>
              )}
              <Button
                variant="accent"
                size="lg"
                block
                disabled={!canBuy || !q || (redirecting && !buy.isPending)}
                loading={redirecting}
                onClick={() => q && buy.mutate({ credits: q.credits, amount_cents: q.amount_cents })}
              >
                <Icon name="coins" size={18} />
                <Plural value={credits} one="Buy # credit" other="Buy # credits" />
              </Button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

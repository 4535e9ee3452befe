// /operator/credits: find a seller by e-mail or name, then add (or remove, with a minus) credits
// with a reason the seller sees in their history. Confirmed before it is sent; sent once.
import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import {
  Alert,
  Badge,
  Button,
  Dialog,
  Skeleton,
  TextAreaField,
  TextField,
  toast,
} from '../../../ui/index.ts';
import { planTitle, type Plan } from '../../subscription/index.ts';
import type { SellerMatch } from '../api.ts';
import { useGrantCredits, useSellers } from '../hooks/use-operator.ts';
import { OperatorHeader } from './operator-header.tsx';
import * as s from './operator.css.ts';

export function CreditsPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Credits`);
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const sellers = useSellers(query);
  const [chosen, setChosen] = useState<SellerMatch | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const grant = useGrantCredits();
  // the chosen seller, with the balance the latest search read
  const seller = (chosen && sellers.data?.find((x) => x.id === chosen.id)) || chosen;
  const n = Number(amount.replace(',', '.'));

  const review = () => {
    const next: typeof errors = {};
    if (!Number.isFinite(n) || n === 0 || Math.abs(n) > 10000 || Math.round(n * 100) !== n * 100)
      next.amount = t`Enter a number of credits other than 0, up to 10000`;
    if (!reason.trim()) next.reason = t`Please give a reason`;
    setErrors(next);
    if (Object.keys(next).length === 0) {
      grant.begin();
      setConfirming(true);
    }
  };

  const credits = (v: number) => plural(Math.abs(v), { one: '# credit', other: '# credits' });

  return (
    <div className={s.page}>
      <OperatorHeader current="credits" />
      <section className={s.panel} aria-labelledby="find-seller">
        <h2 id="find-seller" className={s.sectionTitle}>
          <Trans>Find a seller</Trans>
        </h2>
        <form
          className={s.searchRow}
          onSubmit={(e) => {
            e.preventDefault();
            setQuery(draft.trim());
          }}
        >
          <TextField
            label={t`E-mail or name`}
            value={draft}
            minLength={2}
            onChange={(e) => setDraft(e.target.value)}
            autoComplete="off"
          />
          <Button type="submit" loading={sellers.isFetching && sellers.isPending}>
            <Trans>Find</Trans>
          </Button>
        </form>
        {sellers.isFetching && !sellers.data && <Skeleton height={56} />}
        {sellers.isError && (
          <Alert tone="error">{t`The sellers could not be found. Please try again.`}</Alert>
        )}
        {sellers.data && sellers.data.length === 0 && (
          <p className={s.meta}>
            <Trans>No seller matches “{query}”.</Trans>
          </p>
        )}
        {sellers.data && sellers.data.length > 0 && (
          <ul className={s.list} aria-label={t`Sellers found`}>
            {sellers.data.map((x) => (
              <li key={x.id}>
                <button
                  type="button"
                  className={s.seller}
                  aria-pressed={chosen?.id === x.id}
                  onClick={() => setChosen(x)}
                >
                  <span className={s.sellerMain}>
                    <strong>{x.email}</strong>
                    <span className={s.meta}>
                      {x.name ? `${x.name} · ` : ''}
                      {t`${planTitle(x.plan as Plan, i18n)} plan`}
                    </span>
                  </span>
                  <span className={s.balance}>
                    <Plural value={x.balance} one="# credit" other="# credits" />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {seller && (
        <section className={s.panel} aria-labelledby="grant-credits">
          <h2 id="grant-credits" className={s.sectionTitle}>
            <Trans>Add or remove credits</Trans>
          </h2>
          <p className={s.meta}>
            <Trans>
              {seller.email} has <Plural value={seller.balance} one="# credit" other="# credits" />.
            </Trans>{' '}
            <Badge tone="accent">{t`${planTitle(seller.plan as Plan, i18n)} plan`}</Badge>
          </p>
          <form
            className={s.page}
            onSubmit={(e) => {
              e.preventDefault();
              review();
            }}
          >
            <TextField
              label={t`Credits`}
              hint={t`A minus removes credits (never below 0).`}
              inputMode="decimal"
              value={amount}
              error={errors.amount}
              onChange={(e) => setAmount(e.target.value)}
            />
            <TextAreaField
              label={t`Reason (the seller sees it in their history)`}
              value={reason}
              maxLength={500}
              rows={3}
              error={errors.reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <div className={s.actions}>
              <Button type="submit">
                <Trans>Review</Trans>
              </Button>
            </div>
          </form>
        </section>
      )}

      {seller && (
        <Dialog
          open={confirming}
          onClose={() => setConfirming(false)}
          alert
          title={n > 0 ? t`Add ${credits(n)}?` : t`Remove ${credits(n)}?`}
          description={
            n > 0
              ? t`${credits(n)} will be added to the balance of ${seller.email}. Reason: ${reason.trim()}`
              : t`${credits(n)} will be removed from the balance of ${seller.email}. Reason: ${reason.trim()}`
          }
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                loading={grant.isPending}
                onClick={() =>
                  grant.mutate(
                    { sellerId: seller.id, amount: n, reason: reason.trim() },
                    {
                      onSuccess: (r) => {
                        setConfirming(false);
                        setAmount('');
                        setReason('');
                        setChosen({ ...seller, balance: Number(r.credits_remaining) });
                        toast.show({
                          tone: 'success',
                          title: t`Done: ${seller.email} now has ${plural(Number(r.credits_remaining), { one: '# credit', other: '# credits' })}.`,
                          duration: 6000,
                        });
                      },
                    },
                  )
                }
              >
                <Trans>Confirm</Trans>
              </Button>
            </>
          }
        >
          {grant.errorText && <Alert tone="error">{grant.errorText}</Alert>}
        </Dialog>
      )}
    </div>
  );
}

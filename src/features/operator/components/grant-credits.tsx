// A seller's page: add (or remove, with a minus) credits with a reason the seller sees in their
// history. Confirmed before it is sent; sent once per confirmation (its request id).
import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Dialog, TextAreaField, TextField, toast } from '../../../ui/index.ts';
import { useGrantCredits } from '../hooks/use-operator.ts';
import * as s from './operator.css.ts';

export function GrantCredits({ seller }: { seller: { id: string; email: string; balance: number } }) {
  const { t } = useLingui();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const grant = useGrantCredits();
  const n = Number(amount.replace(',', '.'));

  const review = () => {
    const next: typeof errors = {};
    if (!Number.isFinite(n) || n === 0 || Math.abs(n) > 10000 || Math.round(n * 100) !== n * 100)
      next.amount = t`Enter a number of credits other than 0, up to 10000`;
    else if (n < 0 && -n > seller.balance)
      next.amount = t`The seller has only ${seller.balance} credits: you cannot remove more`;
    if (!reason.trim()) next.reason = t`Please give a reason`;
    setErrors(next);
    if (Object.keys(next).length === 0) {
      grant.begin();
      setConfirming(true);
    }
  };

  const credits = (v: number) => plural(Math.abs(v), { one: '# credit', other: '# credits' });

  return (
    <section className={s.panel} aria-labelledby="grant-credits">
      <h2 id="grant-credits" className={s.sectionTitle}>
        <Trans>Add or remove credits</Trans>
      </h2>
      <p className={s.meta}>
        <Trans>
          {seller.email} has <Plural value={seller.balance} one="# credit" other="# credits" />.
        </Trans>
      </p>
      <form
        className={s.page}
        noValidate
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
    </section>
  );
}

// The enterprise contact form (spec 2 §5, §7, §8): stored by submit_sales_request and posted
// to the sales webhook. Success closes after 3 s.
import { useEffect, useEffectEvent } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Dialog, Icon, TextAreaField, TextField } from '../../../ui/index.ts';
import { useFormDialog } from '../../../lib/use-form-dialog.ts';
import { useUser } from '../../auth/index.ts';
import { useDisplayName } from '../../profile/index.ts';
import type { SalesRequest } from '../api.ts';
import { useSalesRequest } from '../hooks/use-billing-mutations.ts';
import { CONTACT_SALES_AT } from '../credit-slider.ts';
import { type SalesErrors, validateSalesRequest } from '../sales-validation.ts';
import * as s from './pricing.css.ts';

export const SALES_SUCCESS_MS = 3000;

const ERROR_WORDS = {
  fullNameRequired: msg`Full name is required`,
  companyNameRequired: msg`Company name is required`,
  emailRequired: msg`Email is required`,
  emailInvalid: msg`Please enter a valid email`,
  creditAmountTooLow: msg`Credit amount must be at least 500`,
};

export function EnterpriseDialog({
  open,
  credits,
  onClose,
}: {
  open: boolean;
  credits: number;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const user = useUser();
  const name = useDisplayName();
  const blank = (): SalesRequest => ({
    fullName: name,
    companyName: '',
    email: user.email ?? '',
    phone: '',
    creditAmount: Math.max(credits, CONTACT_SALES_AT),
    message: '',
  });
  const submit = useSalesRequest();
  const { form, setForm, errors, onSubmit, close } = useFormDialog({
    onClose,
    blank,
    validate: validateSalesRequest,
    submit,
    successMs: SALES_SUCCESS_MS,
  });
  // each opening starts from the slider's amount (unless a request is on its way)
  const opened = useEffectEvent(() => {
    if (submit.isIdle) setForm(blank());
  });
  useEffect(() => {
    if (open) opened();
  }, [open]);

  const set = (key: keyof SalesRequest) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: key === 'creditAmount' ? Number(e.target.value) : e.target.value }));
  const err = (key: keyof SalesErrors) => (errors[key] ? i18n._(ERROR_WORDS[errors[key]!]) : undefined);

  return (
    <Dialog
      open={open}
      onClose={close}
      size="wide"
      title={<Trans>Contact sales</Trans>}
      description={
        <Trans>
          Tell us about your catalogue and we prepare an Enterprise offer for 500 credits or more.
        </Trans>
      }
    >
      {submit.isSuccess ? (
        <div className={s.success} role="status">
          <span className={s.successIcon}>
            <Icon name="check" size={28} />
          </span>
          <p className={s.successTitle}>
            <Trans>Your request has been submitted successfully!</Trans>
          </p>
          <p className={s.note}>
            <Trans>Our sales team will contact you shortly.</Trans>
          </p>
        </div>
      ) : (
        <form className={s.form} onSubmit={onSubmit} noValidate>
          {submit.errorText && <Alert tone="error">{submit.errorText}</Alert>}
          <div className={s.twoColumns}>
            <TextField
              label={<Trans>Full name</Trans>}
              autoComplete="name"
              value={form.fullName}
              onChange={set('fullName')}
              error={err('fullName')}
            />
            <TextField
              label={<Trans>Company name</Trans>}
              autoComplete="organization"
              value={form.companyName}
              onChange={set('companyName')}
              error={err('companyName')}
            />
            <TextField
              label={<Trans>Email</Trans>}
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={set('email')}
              error={err('email')}
            />
            <TextField
              label={<Trans>Phone (optional)</Trans>}
              type="tel"
              autoComplete="tel"
              value={form.phone}
              onChange={set('phone')}
            />
          </div>
          <TextField
            label={<Trans>Credits per month</Trans>}
            type="number"
            inputMode="numeric"
            min={CONTACT_SALES_AT}
            step={50}
            value={String(form.creditAmount)}
            onChange={set('creditAmount')}
            error={err('creditAmount')}
          />
          <TextAreaField
            label={<Trans>Message (optional)</Trans>}
            value={form.message}
            onChange={set('message')}
            rows={4}
          />
          <div className={s.actions}>
            <Button variant="ghost" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={submit.isPending}>
              <Trans>Send request</Trans>
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

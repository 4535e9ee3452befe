import { useEffect } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Dialog, Icon, TextAreaField, TextField } from '../../../ui/index.ts';
import { useFormDialog } from '../../../lib/use-form-dialog.ts';
import { useUser } from '../../auth/index.ts';
import { useDisplayName } from '../../profile/index.ts';
import { useSendContactRequest } from '../hooks/use-support-mutations.ts';
import { validateContact, type ContactInput } from '../validation.ts';
import * as s from './support.css.ts';

export const CONTACT_SUCCESS_MS = 3000;

const errorText = {
  fullNameRequired: msg`Full name is required`,
  emailRequired: msg`Email is required`,
  emailInvalid: msg`Please enter a valid email address`,
  detailsRequired: msg`Please provide request details`,
};

export function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { i18n } = useLingui();
  const user = useUser();
  const name = useDisplayName();
  const blank = (): ContactInput => ({ fullName: name, email: user.email ?? '', details: '' });
  const submit = useSendContactRequest();
  const { form, setForm, errors, onSubmit, close } = useFormDialog({
    onClose,
    blank,
    validate: validateContact,
    submit,
    successMs: CONTACT_SUCCESS_MS,
  });
  const idle = submit.isIdle;

  // Fill the blanks with what is known (the profile's name may arrive after the first render).
  useEffect(() => {
    if (open && idle)
      setForm((f) => ({ ...f, fullName: f.fullName || name, email: f.email || user.email || '' }));
  }, [open, idle, name, user.email, setForm]);

  const set = (key: keyof ContactInput) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const err = (key: keyof ContactInput) => (errors[key] ? i18n._(errorText[errors[key]!]) : undefined);

  return (
    <Dialog
      open={open}
      onClose={close}
      title={<Trans>Contact us</Trans>}
      description={
        <Trans>Questions about plans, billing or a project? We answer within one business day.</Trans>
      }
    >
      {submit.isSuccess ? (
        <div className={s.success} role="status">
          <span className={s.successIcon}>
            <Icon name="check" size={28} />
          </span>
          <p className={s.successTitle}>
            <Trans>Request submitted successfully!</Trans>
          </p>
        </div>
      ) : (
        <form className={s.form} onSubmit={onSubmit} noValidate>
          {submit.errorText && <Alert tone="error">{submit.errorText}</Alert>}
          <TextField
            label={<Trans>Full name</Trans>}
            autoComplete="name"
            value={form.fullName}
            onChange={set('fullName')}
            error={err('fullName')}
          />
          <TextField
            label={<Trans>Email</Trans>}
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
            error={err('email')}
          />
          <TextAreaField
            label={<Trans>Details</Trans>}
            value={form.details}
            onChange={set('details')}
            error={err('details')}
            rows={5}
            autoFocus
          />
          <div className={s.actions}>
            <Button variant="ghost" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={submit.isPending}>
              <Trans>Submit request</Trans>
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Icon, TextField, buttonClass } from '../../../ui/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useRequestPasswordReset } from '../hooks/use-password-reset.ts';
import { AuthLayout, authStyles as s } from './auth-layout.tsx';

export function ForgotPasswordPage() {
  const { t } = useLingui();
  usePageTitle(t`Forgot password`);
  const [email, setEmail] = useState('');
  const send = useRequestPasswordReset();
  const sentTo = send.isSuccess ? send.variables.trim() : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    send.mutate(email);
  };

  if (sentTo) {
    return (
      <AuthLayout title={<Trans>Check your email</Trans>} icon={<Icon name="mail" size={24} />}>
        <div className={s.centered}>
          <p>
            <Trans>
              We sent a password reset link to <strong>{sentTo}</strong>.
            </Trans>
          </p>
          <p className={s.subheading}>
            <Trans>Didn't get it? Check your spam folder, or try again in a minute.</Trans>
          </p>
          <Link to="/login" className={buttonClass({ variant: 'primary', size: 'lg', block: true })}>
            <Trans>Return to login</Trans>
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={<Trans>Forgot your password?</Trans>}
      subtitle={<Trans>Enter your email and we'll send you a link to set a new one.</Trans>}
    >
      <form className={s.form} onSubmit={onSubmit} noValidate>
        {send.errorText && <Alert tone="error">{send.errorText}</Alert>}
        <TextField
          label={<Trans>Email</Trans>}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
        <Button type="submit" size="lg" block loading={send.isPending} disabled={!email.trim()}>
          <Trans>Send reset link</Trans>
        </Button>
      </form>
      <p className={s.footnote}>
        <Link to="/login" className={s.link}>
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </AuthLayout>
  );
}

import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, PasswordField, TextField } from '../../../ui/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthFlowError } from '../api.ts';
import { useSignUp } from '../hooks/use-sign-up.ts';
import { signUpRuleMessages } from '../messages.ts';
import { validateSignUp, type SignUpInput, type SignUpRule } from '../validation.ts';
import { AuthLayout, authStyles as s } from './auth-layout.tsx';

const fieldOfRule: Record<SignUpRule, keyof SignUpInput> = {
  passwordsMismatch: 'confirmPassword',
  passwordTooShort: 'password',
  fullNameRequired: 'fullName',
  phoneRequired: 'phone',
  emailRequired: 'email',
};

const fieldOfKey = (key: string | null): keyof SignUpInput | undefined =>
  key === 'emailExists' ? 'email' : key === 'phoneExists' ? 'phone' : undefined;

export function SignUpPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Create account`);
  const [form, setForm] = useState<SignUpInput>({
    fullName: '',
    email: '',
    phone: '',
    password: '',
    confirmPassword: '',
  });
  const [ruleError, setRuleError] = useState<{ text: string; field: keyof SignUpInput } | null>(null);
  const create = useSignUp();
  const failedKey = create.error instanceof AuthFlowError ? create.error.key : null;
  const error =
    ruleError ?? (create.errorText ? { text: create.errorText, field: fieldOfKey(failedKey) } : null);

  const set = (key: keyof SignUpInput) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const invalid = (key: keyof SignUpInput) => (error?.field === key ? true : undefined);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    create.reset();
    const rule = validateSignUp(form);
    setRuleError(rule ? { text: i18n._(signUpRuleMessages[rule]), field: fieldOfRule[rule] } : null);
    if (!rule) create.mutate(form);
  };

  return (
    <AuthLayout
      title={<Trans>Create your account</Trans>}
      subtitle={<Trans>Start with 2 free credits. No card needed.</Trans>}
    >
      <form className={s.form} onSubmit={onSubmit} noValidate>
        {error && <Alert tone="error">{error.text}</Alert>}
        <TextField
          label={<Trans>Full name</Trans>}
          name="fullName"
          autoComplete="name"
          value={form.fullName}
          onChange={set('fullName')}
          aria-invalid={invalid('fullName')}
          autoFocus
        />
        <TextField
          label={<Trans>Email</Trans>}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={form.email}
          onChange={set('email')}
          aria-invalid={invalid('email')}
        />
        <TextField
          label={<Trans>Phone number</Trans>}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          value={form.phone}
          onChange={set('phone')}
          aria-invalid={invalid('phone')}
        />
        <PasswordField
          label={<Trans>Password</Trans>}
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          aria-invalid={invalid('password')}
          hint={<Trans>At least 6 characters</Trans>}
        />
        <PasswordField
          label={<Trans>Confirm password</Trans>}
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          aria-invalid={invalid('confirmPassword')}
        />
        <Button type="submit" size="lg" block loading={create.isPending || create.isSuccess}>
          <Trans>Create account</Trans>
        </Button>
      </form>
      <p className={s.footnote}>
        <Trans>
          Already have an account?{' '}
          <Link to="/login" className={s.link}>
            Sign in
          </Link>
        </Trans>
      </p>
    </AuthLayout>
  );
}

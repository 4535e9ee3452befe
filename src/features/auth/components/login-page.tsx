import { useState, type FormEvent } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, PasswordField, TextField } from '../../../ui/index.ts';
import { localSettings } from '../../../lib/local-settings.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSignIn } from '../hooks/use-sign-in.ts';
import { authMessages } from '../messages.ts';
import { canSubmitLogin } from '../validation.ts';
import { AuthLayout, authStyles as s } from './auth-layout.tsx';

export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Sign in`);
  const flash = useRouterState({ select: (st) => st.location.state.flash });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => localSettings.rememberMe());
  const login = useSignIn(redirectTo);
  // busy until the next screen replaces this one
  const pending = login.isPending || login.isSuccess;
  const error = login.errorText;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmitLogin(email, password, pending)) return;
    login.mutate({ email, password, remember });
  };

  return (
    <AuthLayout title={<Trans>Welcome back</Trans>} subtitle={<Trans>Sign in to keep creating.</Trans>}>
      <form className={s.form} onSubmit={onSubmit} noValidate>
        {flash && !error && <Alert tone="success">{i18n._(authMessages[flash])}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
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
        <PasswordField
          label={<Trans>Password</Trans>}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className={s.row}>
          <Checkbox
            label={<Trans>Remember me</Trans>}
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <Link to="/forgot-password" className={s.link}>
            <Trans>Forgot password?</Trans>
          </Link>
        </div>
        <Button
          type="submit"
          size="lg"
          block
          loading={pending}
          disabled={!canSubmitLogin(email, password, pending)}
        >
          <Trans>Sign in</Trans>
        </Button>
      </form>
      <p className={s.footnote}>
        <Trans>
          New to Drape?{' '}
          <Link to="/signup" className={s.link}>
            Create an account
          </Link>
        </Trans>
      </p>
    </AuthLayout>
  );
}

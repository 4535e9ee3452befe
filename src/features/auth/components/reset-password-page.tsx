import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Icon, PasswordField, Spinner, buttonClass } from '../../../ui/index.ts';
import { useSupabaseAuth } from '../../../lib/use-supabase-auth.ts';
import { initialAuthParams, initialUrl } from '../../../lib/initial-url.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useResetPassword } from '../hooks/use-password-reset.ts';
import { authMessages, resetRuleMessages } from '../messages.ts';
import { validateNewPassword } from '../validation.ts';
import { readRecoveryLink } from '../recovery-link.ts';
import { useAuthStore } from '../use-auth.ts';
import { AuthLayout, authStyles as s } from './auth-layout.tsx';

type Stage = 'checking' | 'form' | 'invalid' | 'done';
export const RESET_REDIRECT_MS = 3000;

function linkParams(): URLSearchParams {
  // The link is read as the app was opened (supabase-js clears the fragment right after).
  if (initialUrl.pathname === '/reset-password') return initialAuthParams();
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  for (const [k, v] of new URLSearchParams(window.location.search)) params.set(k, v);
  return params;
}

export function ResetPasswordPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Reset password`);
  const navigate = useNavigate();
  const auth = useAuthStore();
  const authClient = useSupabaseAuth();
  const [stage, setStage] = useState<Stage>('checking');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [ruleError, setRuleError] = useState<string | null>(null);
  const reset = useResetPassword({ onSuccess: () => setStage('done') });
  const error = ruleError ?? reset.errorText;

  useEffect(() => {
    let cancelled = false;
    const link = readRecoveryLink(linkParams());
    const settle = (next: Stage) => !cancelled && setStage(next);
    (async () => {
      if (link.kind === 'error') return settle('invalid');
      if (link.kind === 'token') {
        const { error: verifyError } = await authClient.verifyOtp({
          token_hash: link.tokenHash,
          type: 'recovery',
        });
        return settle(verifyError ? 'invalid' : 'form');
      }
      const snapshot = await auth.ready();
      if (link.kind === 'session' || snapshot.recovering)
        return settle(snapshot.session ? 'form' : 'invalid');
      if (!cancelled) await navigate({ to: '/forgot-password', replace: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [auth, authClient, navigate]);

  useEffect(() => {
    if (stage !== 'done') return;
    const timer = setTimeout(
      () => void navigate({ to: '/login', state: { flash: 'passwordResetDone' }, replace: true }),
      RESET_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [stage, navigate]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    reset.reset();
    const rule = validateNewPassword(password, confirmation);
    setRuleError(rule ? i18n._(resetRuleMessages[rule]) : null);
    if (!rule) reset.mutate(password);
  };

  if (stage === 'checking') {
    return (
      <AuthLayout title={<Trans>Reset password</Trans>}>
        <div className={s.centered}>
          <Spinner size={28} label={t`Checking your link`} />
        </div>
      </AuthLayout>
    );
  }

  if (stage === 'invalid') {
    return (
      <AuthLayout title={<Trans>Invalid Link</Trans>} icon={<Icon name="alertCircle" size={24} />}>
        <div className={s.centered}>
          <p>{i18n._(authMessages.invalidLink)}</p>
          <Link to="/forgot-password" className={buttonClass({ size: 'lg', block: true })}>
            <Trans>Request a new link</Trans>
          </Link>
        </div>
      </AuthLayout>
    );
  }

  if (stage === 'done') {
    return (
      <AuthLayout title={<Trans>Password updated</Trans>} icon={<Icon name="checkCircle" size={24} />}>
        <div className={s.centered}>
          <Alert tone="success">
            <Trans>Your password has been reset successfully. Taking you to sign in…</Trans>
          </Alert>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={<Trans>Set a new password</Trans>}
      subtitle={<Trans>Choose a password you don't use elsewhere.</Trans>}
    >
      <form className={s.form} onSubmit={onSubmit} noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        <PasswordField
          label={<Trans>New password</Trans>}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={<Trans>At least 6 characters</Trans>}
          autoFocus
        />
        <PasswordField
          label={<Trans>Confirm new password</Trans>}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        <Button type="submit" size="lg" block loading={reset.isPending} disabled={!password || !confirmation}>
          <Trans>Reset password</Trans>
        </Button>
      </form>
    </AuthLayout>
  );
}

import { useState, type FormEvent } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, PasswordField, toast } from '../../../ui/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { changePasswordRuleMessages, validateNewPassword } from '../../auth/index.ts';
import { changePassword } from '../../profile/index.ts';
import { SETTINGS_TOAST_MS } from '../api.ts';
import { SettingsSection } from './settings-section.tsx';
import * as s from './settings.css.ts';

export function PasswordSection() {
  const supabase = useSupabase();
  const { t, i18n } = useLingui();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [ruleError, setRuleError] = useState<string | null>(null);
  const update = useAppMutation({
    mutationFn: (next: string) => changePassword(supabase, next),
    errorMessage: msg`Failed to update password. Please try again.`,
    errorDisplay: 'inline',
    onSuccess: () => {
      setPassword('');
      setConfirmation('');
      toast.show({ tone: 'success', title: t`Password updated successfully`, duration: SETTINGS_TOAST_MS });
    },
  });
  const error = ruleError ?? update.errorText;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    update.reset();
    const rule = validateNewPassword(password, confirmation);
    setRuleError(rule ? i18n._(changePasswordRuleMessages[rule]) : null);
    if (!rule) update.mutate(password);
  };

  return (
    <SettingsSection
      title={<Trans>Change password</Trans>}
      description={<Trans>At least 6 characters.</Trans>}
    >
      <form className={s.fields} onSubmit={onSubmit} noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        <PasswordField
          label={<Trans>New password</Trans>}
          name="newPassword"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label={<Trans>Confirm new password</Trans>}
          name="confirmNewPassword"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        <div className={s.actions}>
          <Button
            type="submit"
            variant="secondary"
            loading={update.isPending}
            disabled={!password || !confirmation}
          >
            <Trans>Update password</Trans>
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

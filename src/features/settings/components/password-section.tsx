import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, PasswordField, toast } from '../../../ui/index.ts';
import { changePasswordRuleMessages, validateNewPassword } from '../../auth/index.ts';
import { useChangePassword } from '../hooks/use-settings-mutations.ts';
import { SETTINGS_TOAST_MS } from '../api.ts';
import { SettingsSection } from './settings-section.tsx';
import * as s from './settings.css.ts';

export function PasswordSection() {
  const { t, i18n } = useLingui();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [ruleError, setRuleError] = useState<string | null>(null);
  const update = useChangePassword({
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

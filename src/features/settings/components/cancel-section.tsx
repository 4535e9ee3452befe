import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Dialog } from '../../../ui/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { canCancel, planTitle, useSubscription } from '../../subscription/index.ts';
import { RELOAD_AFTER_CANCEL_MS } from '../api.ts';
import { useCancelSubscription } from '../hooks/use-settings-mutations.ts';
import { SettingsSection } from './settings-section.tsx';
import * as s from './settings.css.ts';

export function CancelSection() {
  const { i18n } = useLingui();
  const { data: sub } = useSubscription();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription({ onSettled: () => setConfirming(false) });
  const saved = cancel.isSuccess;
  const pending = cancel.isPending;
  const endDate = formatDate(sub?.current_period_end, currentLocale());
  const plan = planTitle(sub?.plan ?? 'free', i18n);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => window.location.reload(), RELOAD_AFTER_CANCEL_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  return (
    <SettingsSection
      className={s.dangerZone}
      title={<Trans>Cancel subscription</Trans>}
      description={
        <Trans>
          You keep your plan and credits until the end of the billing period, then move to the free plan.
        </Trans>
      }
    >
      {saved && (
        <Alert tone="success">
          <Trans>Your subscription has been cancelled. It stays active until {endDate}.</Trans>
        </Alert>
      )}
      {cancel.errorText && <Alert tone="error">{cancel.errorText}</Alert>}
      {sub?.cancel_at_period_end && !saved && (
        <Alert tone="info">
          <Trans>Your subscription ends on {endDate}.</Trans>
        </Alert>
      )}
      {sub?.plan === 'free' && (
        <p className={s.sectionText}>
          <Trans>You are on the free plan; there is nothing to cancel.</Trans>
        </p>
      )}
      <div className={s.actions}>
        <Button variant="danger" disabled={!canCancel(sub) || saved} onClick={() => setConfirming(true)}>
          <Trans>Cancel subscription</Trans>
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => !pending && setConfirming(false)}
        alert
        title={<Trans>Cancel your subscription?</Trans>}
        description={
          <Trans>
            You keep the {plan} plan and its credits until {endDate}. After that your account moves to the
            free plan.
          </Trans>
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={pending}>
              <Trans>Keep my plan</Trans>
            </Button>
            <Button variant="danger" loading={pending} onClick={() => cancel.mutate()}>
              <Trans>Cancel subscription</Trans>
            </Button>
          </>
        }
      />
    </SettingsSection>
  );
}

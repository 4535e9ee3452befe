import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Dialog } from '../../../ui/index.ts';
import { toast } from '../../../ui/toast/toast-store.ts';
import { formatDate } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { Plan } from '../../subscription/index.ts';
import { useChangePlan } from '../hooks/use-billing-mutations.ts';
import { downgradeWindow } from '../plan-rules.ts';
import { TIER_COPY } from '../tiers.ts';
import * as s from './pricing.css.ts';

export interface DowngradeDialogProps {
  target: Exclude<Plan, 'free'> | null;
  current: Exclude<Plan, 'free'>;
  periodEnd: string;
  cancelling: boolean;
  onClose: () => void;
  onDone: () => void;
}

export function DowngradeDialog({
  target,
  current,
  periodEnd,
  cancelling,
  onClose,
  onDone,
}: DowngradeDialogProps) {
  const { t } = useLingui();
  const locale = currentLocale();
  const win = downgradeWindow(periodEnd);
  const date = formatDate(win.periodEnd, locale);
  const opens = formatDate(win.opensAt, locale);
  const from = TIER_COPY[current].name;
  const to = target ? TIER_COPY[target].name : '';
  const schedule = useChangePlan({
    errorDisplay: 'inline',
    onSuccess: () => {
      toast.show({ tone: 'success', title: t`Downgrade scheduled: ${to} from ${date}.`, duration: 5000 });
      onDone();
    },
  });
  const close = () => {
    if (schedule.isPending) return;
    schedule.reset();
    onClose();
  };

  if (!target) return null;

  if (cancelling || !win.open) {
    return (
      <Dialog
        open
        onClose={close}
        alert
        title={<Trans>Downgrade to {to}</Trans>}
        footer={
          <Button onClick={close}>
            <Trans>OK</Trans>
          </Button>
        }
      >
        <div className={s.dialogText}>
          {cancelling ? (
            <p>
              <Trans>
                Your subscription is cancelled and ends on {date}; after that your account moves to the free
                plan. To switch to {to} instead, resume your subscription in Manage billing first.
              </Trans>
            </p>
          ) : (
            <>
              <p>
                <Trans>Downgrade is available only in the last 7 days before the period end.</Trans>
              </p>
              <p>
                <Trans>
                  Your {from} plan renews on {date}. You can switch to {to} from {opens}; the change then
                  takes effect at that renewal.
                </Trans>
              </p>
            </>
          )}
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={close}
      alert
      title={<Trans>Downgrade to {to}?</Trans>}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={schedule.isPending}>
            <Trans>Keep {from}</Trans>
          </Button>
          <Button loading={schedule.isPending} onClick={() => schedule.mutate(target)}>
            <Trans>Confirm downgrade</Trans>
          </Button>
        </>
      }
    >
      <div className={s.dialogText}>
        {schedule.errorText && <Alert tone="error">{schedule.errorText}</Alert>}
        <p>
          <Trans>
            Your plan changes from {from} to {to} at your next renewal on {date}. Until then you keep {from}{' '}
            and all your credits.
          </Trans>
        </p>
        <p>
          <Trans>
            From {date} you pay the {to} price and receive its monthly credits. The current period is not
            refunded.
          </Trans>
        </p>
      </div>
    </Dialog>
  );
}

// A refund or a retry on a seller's page: what it does, a required reason (at most 500
// characters, recorded with the action), then Confirm. Sent once per opening (its request id);
// the server's refusal ("already refunded", "still being made") stays in the dialog.
import { useEffect, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Dialog, TextAreaField, toast } from '../../../ui/index.ts';
import type { SellerAction, SellerActionResult } from '../api.ts';
import { useSellerAction } from '../hooks/use-operator.ts';

export interface PendingAction {
  action: SellerAction;
  title: string;
  description: string;
}

export function SellerActionDialog({
  pending,
  onClose,
}: {
  pending: PendingAction | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const run = useSellerAction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { begin } = run;

  // a fresh request id, reason and error each time the dialog opens for an action
  useEffect(() => {
    if (!pending) return;
    begin();
    setReason('');
    setError(undefined);
  }, [pending, begin]);

  const done = (r: SellerActionResult) => {
    const kind = pending?.action.kind;
    const title =
      kind === 'refund_image' || kind === 'refund_batch'
        ? t`Refunded ${plural(Number(r.refunded ?? 0), { one: '# credit', other: '# credits' })}.`
        : t`Back in the queue.`;
    toast.show({ tone: 'success', title, duration: 6000 });
    onClose();
  };

  const confirm = () => {
    if (!pending) return;
    const text = reason.trim();
    if (!text) return setError(t`Please give a reason`);
    if (text.length > 500) return setError(t`The reason is too long`);
    setError(undefined);
    run.mutate({ action: pending.action, reason: text }, { onSuccess: done });
  };

  return (
    <Dialog
      open={pending !== null}
      onClose={onClose}
      alert
      title={pending?.title ?? ''}
      description={pending?.description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button loading={run.isPending} onClick={confirm}>
            <Trans>Confirm</Trans>
          </Button>
        </>
      }
    >
      <TextAreaField
        label={t`Reason (recorded with your name)`}
        value={reason}
        maxLength={500}
        rows={3}
        error={error}
        onChange={(e) => setReason(e.target.value)}
      />
      {run.errorText && <Alert tone="error">{run.errorText}</Alert>}
    </Dialog>
  );
}

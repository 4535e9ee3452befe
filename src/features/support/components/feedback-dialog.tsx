import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Dialog, Icon, TextAreaField } from '../../../ui/index.ts';
import { useSendFeedback } from '../hooks/use-support-mutations.ts';
import { canSendFeedback } from '../validation.ts';
import * as s from './support.css.ts';

export const FEEDBACK_SUCCESS_MS = 5000;

export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const send = useSendFeedback();

  const close = () => {
    onClose();
    if (send.isPending) return;
    if (send.isSuccess) setText('');
    send.reset();
  };

  // The thank-you stays 5 s, then the dialog closes and starts blank.
  const finish = useEffectEvent(() => {
    onClose();
    setText('');
    send.reset();
  });
  useEffect(() => {
    if (!send.isSuccess) return;
    const timer = setTimeout(finish, FEEDBACK_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [send.isSuccess]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSendFeedback(text) || send.isPending) return;
    send.mutate(text);
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={<Trans>Give feedback</Trans>}
      description={<Trans>Tell us what works and what doesn't. We read every message.</Trans>}
    >
      {send.isSuccess ? (
        <div className={s.success} role="status">
          <span className={s.successIcon}>
            <Icon name="check" size={28} />
          </span>
          <p className={s.successTitle}>
            <Trans>Thank you for your feedback!</Trans>
          </p>
          <p className={s.muted}>
            <Trans>It helps us make Drape better.</Trans>
          </p>
        </div>
      ) : (
        <form className={s.form} onSubmit={onSubmit}>
          {send.errorText && <Alert tone="error">{send.errorText}</Alert>}
          <TextAreaField
            label={<Trans>Your feedback</Trans>}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t`What should we improve?`}
            rows={5}
            autoFocus
          />
          <div className={s.actions}>
            <Button variant="ghost" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={send.isPending} disabled={!canSendFeedback(text)}>
              <Trans>Send</Trans>
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

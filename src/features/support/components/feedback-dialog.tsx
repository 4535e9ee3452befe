import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Dialog, Icon, TextAreaField } from '../../../ui/index.ts';
import { supabase } from '../../../lib/supabase.ts';
import { submitFeedback } from '../api.ts';
import { canSendFeedback } from '../validation.ts';
import * as s from './support.css.ts';

type Stage = 'idle' | 'sending' | 'success' | 'error';
export const FEEDBACK_SUCCESS_MS = 5000;

export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [stage, setStage] = useState<Stage>('idle');

  const close = () => {
    onClose();
    if (stage !== 'sending') {
      setStage('idle');
      if (stage === 'success') setText('');
    }
  };

  useEffect(() => {
    if (stage !== 'success') return;
    const timer = setTimeout(() => {
      onClose();
      setText('');
      setStage('idle');
    }, FEEDBACK_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [stage, onClose]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSendFeedback(text) || stage === 'sending') return;
    setStage('sending');
    try {
      await submitFeedback(supabase, text);
      setStage('success');
    } catch {
      setStage('error');
    }
  };

  return (
    <Dialog open={open} onClose={close} title={<Trans>Give feedback</Trans>} description={<Trans>Tell us what works and what doesn't. We read every message.</Trans>}>
      {stage === 'success' ? (
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
          {stage === 'error' && (
            <Alert tone="error">
              <Trans>Failed to send feedback. Please try again.</Trans>
            </Alert>
          )}
          <TextAreaField label={<Trans>Your feedback</Trans>} value={text} onChange={(e) => setText(e.target.value)} placeholder={t`What should we improve?`} rows={5} autoFocus />
          <div className={s.actions}>
            <Button variant="ghost" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={stage === 'sending'} disabled={!canSendFeedback(text)}>
              <Trans>Send</Trans>
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

// The fix-submitted confirmation (spec 1 §2, §8): shown for 5 seconds, then it closes itself.
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Dialog, Icon, buttonClass } from '../../../ui/index.ts';
import { MESSAGES } from '../labels.ts';
import * as s from './dialogs.css.ts';

export const FIX_CONFIRMATION_MS = 5000;

export function FixSubmittedDialog({ onClose }: { onClose: () => void }) {
  const { i18n } = useLingui();
  useEffect(() => {
    const timer = setTimeout(onClose, FIX_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [onClose]);
  return (
    <Dialog
      open
      onClose={onClose}
      title={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <Icon name="checkCircle" size={22} />
          {i18n._(MESSAGES.fixSubmitted)}
        </span>
      }
      footer={
        <>
          <Link to="/fixes" className={buttonClass({ variant: 'secondary' })} onClick={onClose}>
            <Trans>See fix requests</Trans>
          </Link>
          <Button onClick={onClose}>
            <Trans>Done</Trans>
          </Button>
        </>
      }
    >
      <p className={s.text} role="status">
        <Trans>Our team will review your request. You can follow it under Fixes.</Trans>
      </p>
    </Dialog>
  );
}

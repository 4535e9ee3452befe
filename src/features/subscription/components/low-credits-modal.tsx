import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Dialog, Icon } from '../../../ui/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { usePlanFacts } from '../hooks/use-plans.ts';
import { useSubscription } from '../hooks/use-subscription.ts';
import {
  DISMISSED_KEY,
  lowCreditsSubtext,
  lowCreditsTitle,
  readDismissedBalance,
  shouldPromptLowCredits,
} from '../low-credits.ts';
import * as s from './low-credits-modal.css.ts';

/** Opens when the server's balance is low for the plan (3 or fewer on a paid plan). */
export function LowCreditsModal() {
  const supabase = useSupabase();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { data: sub } = useSubscription();
  const { data: facts } = usePlanFacts(sub?.plan);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const prompt = shouldPromptLowCredits(sub, facts, readDismissedBalance(sessionStorage));
    setOpen(prompt);
    // The server stored a low-credit notice with this balance change; ask for it to be posted.
    if (prompt) void supabase.functions.invoke('send-notice', { body: {} }).catch(() => undefined);
  }, [sub, facts, supabase]);

  const remaining = Number(sub?.credits_remaining ?? 0);
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, String(remaining));
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onClose={dismiss}
      alert
      title={i18n._(lowCreditsTitle(remaining))}
      description={i18n._(lowCreditsSubtext)}
      footer={
        <>
          <Button variant="ghost" onClick={dismiss}>
            <Trans>Maybe Later</Trans>
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              dismiss();
              void navigate({ to: '/pricing' });
            }}
          >
            <Trans>View Pricing Plans</Trans>
          </Button>
        </>
      }
    >
      <div className={s.art} aria-hidden="true">
        <Icon name="coins" size={32} />
      </div>
    </Dialog>
  );
}

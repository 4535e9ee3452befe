import { Link } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Dialog, buttonClass } from '../../../ui/index.ts';

/** The server refused for want of credits (spec 2 §8 "Generation"). */
export function InsufficientCreditsDialog({
  open,
  needed,
  onClose,
}: {
  open: boolean;
  needed: number;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t`Insufficient Credits`}
      description={t({
        message: plural(needed, {
          one: 'You need # credit to generate these images. Please upgrade your plan or purchase more credits.',
          other:
            'You need # credits to generate these images. Please upgrade your plan or purchase more credits.',
        }),
      })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            <Trans>Maybe Later</Trans>
          </Button>
          <Link to="/pricing" className={buttonClass()}>
            <Trans>View Pricing</Trans>
          </Link>
        </>
      }
    />
  );
}

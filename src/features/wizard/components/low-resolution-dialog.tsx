import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Dialog } from '../../../ui/index.ts';

interface LowResolutionDialogProps {
  open: boolean;
  width: number;
  height: number;
  onContinue: () => void;
  onReplace: () => void;
}

/** Below 500 × 500 (spec 2 §5): the actual size and two choices. */
export function LowResolutionDialog({
  open,
  width,
  height,
  onContinue,
  onReplace,
}: LowResolutionDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      onClose={onContinue}
      alert
      hideClose
      title={t`Low resolution image`}
      description={t`This image is ${width} × ${height} pixels. We recommend at least 500 × 500 pixels for good results.`}
      footer={
        <>
          <Button variant="secondary" onClick={onReplace}>
            <Trans>Upload a new image</Trans>
          </Button>
          <Button onClick={onContinue}>
            <Trans>Continue with this image</Trans>
          </Button>
        </>
      }
    />
  );
}

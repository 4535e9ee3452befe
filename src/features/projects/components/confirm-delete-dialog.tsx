// 'Delete Confirmation' (spec 2 §5) for a project, an archived project or a fix request.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Dialog } from '../../../ui/index.ts';
import { MESSAGES } from '../labels.ts';
import * as s from './dialogs.css.ts';

export function ConfirmDeleteDialog({
  open,
  onClose,
  onConfirm,
  busy,
  itemName,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  busy: boolean;
  itemName?: string;
}) {
  const { i18n } = useLingui();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      alert
      title={i18n._(MESSAGES.deleteTitle)}
      description={i18n._(MESSAGES.deleteBody)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} autoFocus>
            <Trans>Delete</Trans>
          </Button>
        </>
      }
    >
      {itemName && <p className={s.text}>{itemName}</p>}
    </Dialog>
  );
}

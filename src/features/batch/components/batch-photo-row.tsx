import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Icon, TextField } from '../../../ui/index.ts';
import { ProgressBar } from '../../tools/components.ts';
import { isLowResolution } from '../../../lib/photos/limits.ts';
import { UPLOAD_ERRORS } from '../../../lib/photos/messages.ts';
import type { UploadErrorCode } from '../../../lib/uploads/upload-queue.ts';
import { GarmentTypePicker } from '../../wizard/components.ts';
import type { BatchItem } from '../model/batch-draft.ts';
import type { BatchAction } from '../model/reducer.ts';
import { useBatchUploadProgress, useItemPhotoUrl } from '../hooks/use-batch-draft.ts';
import * as s from './batch.css.ts';

/** One photo of the batch: its picture, name, garment type, upload and low-resolution warning. */
export function BatchPhotoRow({
  item,
  index,
  locked,
  dispatch,
  onRemove,
  onRetry,
}: {
  item: BatchItem;
  index: number;
  locked: boolean;
  dispatch: (a: BatchAction) => void;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const { t, i18n } = useLingui();
  const url = useItemPhotoUrl(item.id);
  const progress = useBatchUploadProgress(item.id);
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const { state, error } = item.upload;
  const label = item.name || item.originalName;
  return (
    <li className={s.row} data-testid="batch-photo" data-upload={state}>
      {url ? <img className={s.thumb} src={url} alt="" /> : <div className={s.thumb} />}
      <div className={s.rowBody}>
        <TextField
          label={t`Project name ${index + 1}`}
          value={item.name}
          maxLength={120}
          disabled={locked}
          onChange={(e) => dispatch({ type: 'rename', itemId: item.id, name: e.currentTarget.value })}
        />
        <GarmentTypePicker
          value={item.garmentType}
          onChange={(garmentType) =>
            !locked && dispatch({ type: 'setGarmentType', itemId: item.id, garmentType })
          }
        />
        {isLowResolution(item) && (
          <p className={s.warning}>
            <Icon name="alert" size={16} />
            <Trans>
              Low resolution image: {item.sourceWidth} × {item.sourceHeight} pixels. We recommend at least 500
              × 500 pixels for good results.
            </Trans>
          </p>
        )}
        {state === 'uploading' ? (
          <ProgressBar label={<Trans>Uploading…</Trans>} percent={percent} detail={`${percent}%`} />
        ) : state === 'queued' ? (
          <p className={s.status}>
            <Icon name="clock" size={16} />
            <Trans>Waiting to upload</Trans>
          </p>
        ) : state === 'uploaded' ? (
          <p className={s.status}>
            <Icon name="checkCircle" size={16} />
            <Trans>Uploaded</Trans>
          </p>
        ) : (
          <p className={s.failed} role="alert">
            {i18n._(UPLOAD_ERRORS[(error as UploadErrorCode | null) ?? 'failed'] ?? UPLOAD_ERRORS.failed)}
          </p>
        )}
      </div>
      <div className={s.rowActions}>
        {state === 'failed' && error !== 'missing' && (
          <Button variant="secondary" size="sm" onClick={onRetry} aria-label={t`Retry upload of ${label}`}>
            <Icon name="refresh" size={16} />
            <Trans>Retry</Trans>
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          disabled={locked}
          onClick={onRemove}
          aria-label={t`Remove ${label}`}
        >
          <Icon name="trash" size={18} />
        </Button>
      </div>
    </li>
  );
}

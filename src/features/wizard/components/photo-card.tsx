import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Icon, Spinner } from '../../../ui/index.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { WizardPhoto } from '../model/draft.ts';
import { UPLOAD_ERRORS } from '../../../lib/photos/messages.ts';
import { usePhotoUrl, useUploadProgress } from '../hooks/use-draft.ts';
import type { UploadErrorCode } from '../../../lib/uploads/upload-queue.ts';
import type { ReactNode } from 'react';
import * as s from './upload.css.ts';

interface PhotoCardProps {
  photo: WizardPhoto;
  onRemove: () => void;
  onRetry: () => void;
  removing?: boolean;
  children?: ReactNode;
}

const megabytes = (bytes: number) => formatNumber(bytes / 1_000_000, currentLocale(), 1);

/** The chosen photo: preview, what it became, and its upload with a real byte progress bar. */
export function PhotoCard({ photo, onRemove, onRetry, removing, children }: PhotoCardProps) {
  const { t, i18n } = useLingui();
  const url = usePhotoUrl(photo.id);
  const progress = useUploadProgress(photo.id);
  const state = photo.upload.state;
  const percent =
    state === 'uploaded'
      ? 100
      : progress && progress.total > 0
        ? Math.round((progress.loaded / progress.total) * 100)
        : 0;
  const size = `${photo.sourceWidth} × ${photo.sourceHeight}`;
  const mb = megabytes(photo.bytes);

  return (
    <article className={s.photo} aria-label={t`Product photo ${photo.originalName}`}>
      {url ? (
        <img src={url} alt={t`Your product: ${photo.originalName}`} className={s.thumb} />
      ) : (
        <span className={s.thumb} />
      )}
      <div className={s.photoBody}>
        <div className={s.photoHead}>
          <div style={{ minWidth: 0 }}>
            <p className={s.fileName} title={photo.originalName}>
              {photo.originalName}
            </p>
            <p className={s.facts}>
              <Trans>
                {size} px · prepared at {mb} MB
              </Trans>
            </p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            loading={removing}
            aria-label={t`Remove photo`}
          >
            <Icon name="trash" size={18} />
          </Button>
        </div>

        {(state === 'uploading' || state === 'uploaded') && (
          <div
            className={s.progress}
            role="progressbar"
            aria-label={t`Upload progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className={s.progressFill} style={{ width: `${percent}%` }} />
          </div>
        )}
        <p className={s.status} aria-live="polite">
          {state === 'uploading' && (
            <>
              <Spinner size={14} />
              <Trans>Uploading… {percent}%</Trans>
            </>
          )}
          {state === 'uploaded' && (
            <span className={[s.statusLine, s.statusOk].join(' ')}>
              <Icon name="checkCircle" size={16} />
              <Trans>Uploaded</Trans>
            </span>
          )}
          {state === 'queued' && (
            <span className={[s.statusLine, s.statusWait].join(' ')}>
              <Icon name="wifiOff" size={16} className={s.statusIcon} />
              <span>
                <Trans>Saved on this device. It uploads when you are back online.</Trans>
              </span>
            </span>
          )}
          {state === 'failed' && (
            <span className={[s.statusLine, s.statusError].join(' ')} role="alert">
              <Icon name="alertCircle" size={16} className={s.statusIcon} />
              {i18n._(
                UPLOAD_ERRORS[(photo.upload.error as UploadErrorCode | null) ?? 'failed'] ??
                  UPLOAD_ERRORS.failed,
              )}
              <Button size="sm" variant="secondary" onClick={onRetry}>
                <Icon name="refresh" size={16} />
                <Trans>Try again</Trans>
              </Button>
            </span>
          )}
        </p>
        {children}
      </div>
    </article>
  );
}

import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../../ui/index.ts';
import { useUser } from '../../auth/index.ts';
import { ACCEPT_ATTRIBUTE } from '../../../lib/photos/limits.ts';
import { PHOTO_PROBLEMS, withValues } from '../../../lib/photos/messages.ts';
import type { Draft } from '../model/draft.ts';
import type { WizardAction } from '../model/reducer.ts';
import { needsLowResolutionAnswer } from '../model/rules.ts';
import { takesGarmentType } from '../model/steps.ts';
import { DELETE_FAILED, ONE_PHOTO_MESSAGE } from '../photo-messages.ts';
import { useAddPhoto } from '../hooks/use-add-photo.ts';
import { useRemovePhoto } from '../hooks/use-remove-photo.ts';
import { useSharedPhoto } from '../hooks/use-shared-photo.ts';
import { uploadManager } from '../store/upload-manager.ts';
import { Dropzone } from './dropzone.tsx';
import { GarmentTypePicker } from './garment-type-picker.tsx';
import { LowResolutionDialog } from './low-resolution-dialog.tsx';
import { PhotoCard } from './photo-card.tsx';
import { UploadTips } from './upload-tips.tsx';
import * as s from './upload.css.ts';

export function UploadStep({ draft, dispatch }: { draft: Draft; dispatch: (a: WizardAction) => void }) {
  const { i18n, t } = useLingui();
  const user = useUser();
  const { addFiles, preparing, notice } = useAddPhoto(draft.flow);
  const { remove, failed: removeFailed } = useRemovePhoto(draft.flow);
  const { sharedCount } = useSharedPhoto(draft.flow, addFiles, remove);
  const [removing, setRemoving] = useState<string | null>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const asking = draft.photos.find(needsLowResolutionAnswer);

  const removePhoto = async (photoId: string) => {
    const photo = draft.photos.find((p) => p.id === photoId);
    if (!photo) return false;
    setRemoving(photoId);
    try {
      return await remove(photo);
    } finally {
      setRemoving(null);
    }
  };

  const onDropOnList = (files: FileList) => {
    if (files.length) void addFiles([...files]);
  };

  return (
    <div className={s.layout}>
      <section
        className={s.main}
        aria-label={t`Your photo`}
        onDragOver={draft.photos.length ? (e) => e.preventDefault() : undefined}
        onDrop={
          draft.photos.length
            ? (e) => {
                e.preventDefault();
                onDropOnList(e.dataTransfer.files);
              }
            : undefined
        }
      >
        {sharedCount > 1 && (
          <Alert tone="info">
            <Trans>You shared {sharedCount} photos. A shoot takes one photo, so the first one is used.</Trans>
          </Alert>
        )}
        {notice?.kind === 'one-photo' && <Alert tone="warning">{i18n._(ONE_PHOTO_MESSAGE)}</Alert>}
        {notice?.kind === 'problem' && (
          <Alert tone="error">
            <strong>{notice.fileName}</strong>:{' '}
            {i18n._(
              withValues(PHOTO_PROBLEMS[notice.problem], {
                width: notice.width ?? '?',
                height: notice.height ?? '?',
              }),
            )}
          </Alert>
        )}
        {removeFailed && <Alert tone="error">{i18n._(DELETE_FAILED)}</Alert>}

        {draft.photos.length === 0 ? (
          <Dropzone onFiles={(files) => void addFiles(files)} preparing={preparing} />
        ) : (
          <div className={s.list}>
            {draft.photos.map((photo) => (
              <PhotoCard
                key={photo.id}
                photo={photo}
                removing={removing === photo.id}
                onRemove={() => void removePhoto(photo.id)}
                onRetry={() => void uploadManager.retry(user.id, photo.id)}
              >
                {takesGarmentType(draft.flow) && (
                  <GarmentTypePicker
                    value={photo.garmentType}
                    onChange={(garmentType) =>
                      dispatch({ type: 'setGarmentType', photoId: photo.id, garmentType })
                    }
                  />
                )}
              </PhotoCard>
            ))}
          </div>
        )}
        {/* 'Upload a new image' opens the picker again (a click from the dialog keeps the user's gesture) */}
        <input
          ref={replaceInput}
          className={s.hiddenInput}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const files = e.currentTarget.files;
            if (files?.length) void addFiles([...files]);
            e.currentTarget.value = '';
          }}
        />
      </section>
      <UploadTips flow={draft.flow} />
      {asking && (
        <LowResolutionDialog
          open
          width={asking.sourceWidth}
          height={asking.sourceHeight}
          onContinue={() => dispatch({ type: 'acceptLowResolution', photoId: asking.id })}
          onReplace={() => {
            replaceInput.current?.click();
            void removePhoto(asking.id);
          }}
        />
      )}
    </div>
  );
}

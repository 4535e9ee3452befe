import { useRef, useState, type DragEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Icon, Spinner } from '../../../ui/index.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { ACCEPT_ATTRIBUTE } from '../../../lib/photos/limits.ts';
import * as s from './upload.css.ts';

interface DropzoneProps {
  onFiles: (files: File[]) => void;
  /** the name of the photo being prepared */
  preparing: string | null;
}

/** Drag and drop, the file picker, and on phones the camera. */
export function Dropzone({ onFiles, preparing }: DropzoneProps) {
  const { t } = useLingui();
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const touch = useMediaQuery('(pointer: coarse)');

  const take = (list: FileList | null) => {
    if (list?.length) onFiles([...list]);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  };

  return (
    <section
      className={s.dropzone}
      data-dragging={dragging}
      aria-label={t`Upload a product photo`}
      aria-busy={preparing ? true : undefined}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {preparing ? (
        <>
          <Spinner size={32} />
          <p className={s.dropTitle} role="status">
            <Trans>Preparing your photo…</Trans>
          </p>
          <p className={s.dropHint}>{preparing}</p>
        </>
      ) : (
        <>
          <span className={s.dropIcon}>
            <Icon name="upload" size={26} />
          </span>
          <p className={s.dropTitle}>
            <Trans>Drag and drop your product photo here</Trans>
          </p>
          <p className={s.dropHint}>
            <Trans>
              PNG, JPG, WebP or HEIC (iPhone) · one photo per generation · at least 500 × 500 pixels
            </Trans>
          </p>
          <div className={s.dropActions}>
            <Button onClick={() => picker.current?.click()}>
              <Icon name="image" size={18} />
              <Trans>Choose a photo</Trans>
            </Button>
            {touch && (
              <Button variant="secondary" onClick={() => camera.current?.click()}>
                <Icon name="camera" size={18} />
                <Trans>Take a photo</Trans>
              </Button>
            )}
          </div>
        </>
      )}
      <input
        ref={picker}
        className={s.hiddenInput}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        aria-hidden="true"
        data-testid="photo-input"
        tabIndex={-1}
        onChange={(e) => {
          take(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      <input
        ref={camera}
        className={s.hiddenInput}
        type="file"
        accept="image/*"
        capture="environment"
        aria-hidden="true"
        tabIndex={-1}
        onChange={(e) => {
          take(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
    </section>
  );
}

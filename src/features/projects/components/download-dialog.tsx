// The download dialog (spec 1 §2, spec 2 §5): PNG (default), JPG or WebP, at the image's full
// size — the dialog states it as delivered ("4K · 2731×4096"), files named after the project. A free-plan seller gets the
// watermarked file and the upgrade notice; the clean file is never fetched for them. On a
// phone that can share files, Share hands them to the share sheet (straight to a shop app).
import { useId, useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Dialog, buttonClass } from '../../../ui/index.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { DOWNLOAD_FORMATS, type DownloadFormat, downloadFileName } from '../download-name.ts';
import { useDownloadImages } from '../hooks/use-download.ts';
import { resultSource } from '../image-sources.ts';
import { imageSizeLabels } from '../image-size.ts';
import { MESSAGES } from '../labels.ts';
import type { Project, ProjectImage } from '../project-types.ts';
import { ProjectIcon } from './project-icon.tsx';
import * as s from './dialogs.css.ts';

const FORMAT_HINTS: Record<DownloadFormat, 'lossless' | 'smallest' | 'small'> = {
  png: 'lossless',
  jpg: 'smallest',
  webp: 'small',
};

export interface DownloadDialogProps {
  project: Project;
  /** the images to download (the selected one on the detail screen, all on a card) */
  images: ProjectImage[];
  cleanAllowed: boolean | undefined;
  onClose: () => void;
}

export function DownloadDialog({ project, images, cleanAllowed, onClose }: DownloadDialogProps) {
  const { t, i18n } = useLingui();
  const groupId = useId();
  const [format, setFormat] = useState<DownloadFormat>('png');
  const download = useDownloadImages();
  const phone = useMediaQuery('(pointer: coarse)');
  const shareable = phone && typeof navigator !== 'undefined' && typeof navigator.canShare === 'function';
  const total = project.images.length;
  const items = useMemo(
    () =>
      images.flatMap((image) => {
        const source = resultSource(image, cleanAllowed);
        const index = project.images.findIndex((i) => i.id === image.id);
        return source ? [{ source, index: Math.max(index, 0), total }] : [];
      }),
    [images, cleanAllowed, project.images, total],
  );
  const watermarked = cleanAllowed !== true;
  const sizes = imageSizeLabels(images);
  const hints = { lossless: t`Best quality`, smallest: t`Smallest file`, small: t`Small, sharp` };
  const run = (share: boolean) =>
    download.mutate(
      { projectName: project.name, images: items, format, share },
      { onSuccess: () => onClose() },
    );

  return (
    <Dialog
      open
      onClose={onClose}
      title={
        items.length > 1
          ? t({ message: plural(items.length, { one: 'Download # image', other: 'Download # images' }) })
          : t`Download image`
      }
      description={
        items[0] ? downloadFileName(project.name, format, items.length > 1 ? undefined : items[0]) : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          {shareable && (
            <Button
              variant="secondary"
              onClick={() => run(true)}
              disabled={items.length === 0 || download.isPending}
            >
              <ProjectIcon name="share" />
              <Trans>Share</Trans>
            </Button>
          )}
          <Button onClick={() => run(false)} loading={download.isPending} disabled={items.length === 0}>
            <ProjectIcon name="download" />
            <Trans>Download</Trans>
          </Button>
        </>
      }
    >
      <div className={s.body}>
        {items.length === 0 && (
          <Alert tone="error">{i18n._(images.length ? MESSAGES.noImage : MESSAGES.noImageSelected)}</Alert>
        )}
        <fieldset className={s.formats} aria-labelledby={groupId}>
          <legend id={groupId} className={s.legend} style={{ gridColumn: '1 / -1' }}>
            <Trans>Format</Trans>
          </legend>
          {DOWNLOAD_FORMATS.map((f) => (
            <label key={f} className={s.formatOption}>
              <input
                type="radio"
                name="download-format"
                value={f}
                className={s.radio}
                checked={format === f}
                onChange={() => setFormat(f)}
              />
              {f === 'webp' ? 'WebP' : f.toUpperCase()}
              <span className={s.formatHint}>{hints[FORMAT_HINTS[f]]}</span>
            </label>
          ))}
        </fieldset>
        <div className={s.qualityRow}>
          <span>
            <Trans>Quality</Trans>
          </span>
          <strong data-testid="download-size">
            {sizes.length ? sizes.join(', ') : <Trans>HD · full size</Trans>}
          </strong>
        </div>
        {watermarked && (
          <Alert tone="warning">
            <span className={s.notice}>
              <strong>{i18n._(MESSAGES.watermarkOnlyPaid)}</strong>
              <span>
                <Trans>
                  Watermark-free downloads come with the Lite, Pro and Advanced plans. This file carries the
                  watermark.
                </Trans>
              </span>
              <span>
                <Link
                  to="/pricing"
                  className={buttonClass({ variant: 'accent', size: 'sm' })}
                  onClick={onClose}
                >
                  <Trans>Upgrade</Trans>
                </Link>
              </span>
            </span>
          </Alert>
        )}
      </div>
    </Dialog>
  );
}

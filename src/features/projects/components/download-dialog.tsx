// The download dialog (spec 1 §2, spec 2 §5): PNG (default), JPG or WebP, at the image's full
// size — the dialog states it as delivered ("4K · 2731×4096") — or framed for a marketplace
// (square 1:1, 4:5, 9:16, 3:4: the whole image centred and padded with its own background,
// each size stated, "2048×2048"); files named after the project, or all of a project's images
// as one ZIP named after it, with its progress. A free-plan seller gets the watermarked files
// and the upgrade notice; the clean file is never fetched for them. On a phone that can share
// files, Share hands them to the share sheet (straight to a shop app).
import { useId, useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Dialog, buttonClass } from '../../../ui/index.ts';
import { zipFileName } from '../../../lib/zip.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { DOWNLOAD_FORMATS, type DownloadFormat, downloadFileName } from '../download-name.ts';
import type { FrameSize } from '../frame/sizes.ts';
import { useDownloadImages } from '../hooks/use-download.ts';
import { resultSource } from '../image-sources.ts';
import { imageSizeLabels } from '../image-size.ts';
import { MESSAGES } from '../labels.ts';
import { completedImages, type Project, type ProjectImage } from '../project-types.ts';
import { frameSizeLabels, SizeChoice } from './download-size-choice.tsx';
import { ProjectIcon } from './project-icon.tsx';
import * as s from './dialogs.css.ts';
import { shownProjectName } from '../../../lib/default-names.ts';

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
  const [size, setSize] = useState<FrameSize>('original');
  const [zip, setZip] = useState(false);
  const download = useDownloadImages();
  const phone = useMediaQuery('(pointer: coarse)');
  const shareable = phone && typeof navigator !== 'undefined' && typeof navigator.canShare === 'function';
  const total = project.images.length;
  const allImages = useMemo(() => completedImages(project), [project]);
  const zippable = allImages.length > 1;
  const chosen = zip && zippable ? allImages : images;
  const items = useMemo(
    () =>
      chosen.flatMap((image) => {
        const source = resultSource(image, cleanAllowed);
        const index = project.images.findIndex((i) => i.id === image.id);
        return source ? [{ source, index: Math.max(index, 0), total }] : [];
      }),
    [chosen, cleanAllowed, project.images, total],
  );
  const asZip = zip && zippable;
  const watermarked = cleanAllowed !== true;
  const originalSizes = imageSizeLabels(chosen);
  const chosenSizes = size === 'original' ? originalSizes : frameSizeLabels(chosen, size);
  const hints = { lossless: t`Best quality`, smallest: t`Smallest file`, small: t`Small, sharp` };
  const progress = download.isPending ? download.progress : null;
  // closing while a ZIP is being made stops it: nothing is saved after the seller left
  const close = () => {
    download.cancel();
    onClose();
  };
  const run = (share: boolean) =>
    download.mutate(
      { projectName: shownProjectName(project.name), images: items, format, size, zip: asZip, share },
      { onSuccess: () => onClose() },
    );

  return (
    <Dialog
      open
      onClose={close}
      title={
        items.length > 1
          ? t({ message: plural(items.length, { one: 'Download # image', other: 'Download # images' }) })
          : t`Download image`
      }
      description={
        asZip
          ? zipFileName(shownProjectName(project.name))
          : items[0]
            ? downloadFileName(
                shownProjectName(project.name),
                format,
                items.length > 1 ? undefined : items[0],
              )
            : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          {shareable && !asZip && (
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
        <SizeChoice images={chosen} value={size} onChange={setSize} />
        <div className={s.qualityRow}>
          <span>
            <Trans>Quality</Trans>
          </span>
          <strong data-testid="download-size">
            {chosenSizes.length ? chosenSizes.join(', ') : <Trans>HD · full size</Trans>}
          </strong>
        </div>
        {size !== 'original' && (
          <p className={s.frameNote}>
            <Trans>The whole image, centred and padded with its own background colour, never cropped.</Trans>
          </p>
        )}
        {zippable && (
          <Checkbox
            checked={zip}
            onChange={(e) => setZip(e.currentTarget.checked)}
            disabled={download.isPending}
            label={t({
              message: plural(allImages.length, {
                one: 'All # image as one ZIP',
                other: 'All # images as one ZIP',
              }),
            })}
          />
        )}
        {progress && (
          <div className={s.progress} role="status">
            <progress
              className={s.progressBar}
              value={progress.done}
              max={progress.total}
              aria-hidden="true"
            />
            <span>
              {progress.done < progress.total
                ? t`Preparing image ${progress.done + 1} of ${progress.total}…`
                : t`Saving…`}
            </span>
          </div>
        )}
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
                  onClick={close}
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

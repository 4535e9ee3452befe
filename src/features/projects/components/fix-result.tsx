// What a seller sees of a fix request's outcome (spec 2 §4 "Fix status"): once completed, the
// fixed image (watermarked on a plan without watermark-free downloads, like any result) with a
// download; once rejected, the fix workflow's note when it left one. /fixes and the project
// page show it.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../ui/index.ts';
import type { FixRequest } from '../api.ts';
import { useDownloadImages } from '../hooks/use-download.ts';
import { fixResultSource, type ImageSize } from '../image-sources.ts';
import { ProjectIcon } from './project-icon.tsx';
import { StoredImage } from './stored-image.tsx';
import * as f from './fixes-page.css.ts';
import { shownProjectName } from '../../../lib/default-names.ts';

export function FixResultImage({
  fix,
  cleanAllowed,
  size,
  className,
  fit = 'contain',
}: {
  fix: FixRequest;
  cleanAllowed: boolean | undefined;
  size: ImageSize;
  className?: string;
  /** 'cover' for a thumbnail, 'contain' (default) to show it whole */
  fit?: 'cover' | 'contain';
}) {
  const { t } = useLingui();
  const source = fixResultSource(fix, cleanAllowed);
  if (!source) return null;
  return (
    <StoredImage
      source={source}
      size={size}
      fit={fit}
      alt={t`Fixed image for ${shownProjectName(fix.project_name ?? '')}`}
      className={className}
    />
  );
}

/** Download of the fixed image (PNG, named after the project), or the rejection note. */
export function FixOutcome({ fix, cleanAllowed }: { fix: FixRequest; cleanAllowed: boolean | undefined }) {
  const { t } = useLingui();
  const download = useDownloadImages();
  const source = fixResultSource(fix, cleanAllowed);
  if (fix.status === 'rejected' && fix.result_note)
    return (
      <p className={f.note}>
        <Trans>Note: {fix.result_note}</Trans>
      </p>
    );
  if (!source) return null;
  const name = shownProjectName(fix.project_name ?? '');
  return (
    <Button
      size="sm"
      variant="secondary"
      className={f.download}
      loading={download.isPending}
      aria-label={t`Download the fixed image for ${name}`}
      onClick={() =>
        download.mutate({
          projectName: t`${name} fixed`,
          images: [{ source, index: 0, total: 1 }],
          format: 'png',
        })
      }
    >
      <ProjectIcon name="download" />
      <Trans>Download result</Trans>
    </Button>
  );
}

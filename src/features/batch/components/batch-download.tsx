import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Icon, SelectField } from '../../../ui/index.ts';
import { type Project, completedImages } from '../../projects/index.ts';
import { ProgressBar } from '../../tools/components.ts';
import { type ZipFormat, useDownloadBatch } from '../hooks/use-download-batch.ts';
import * as s from './batch.css.ts';

const FORMATS: ZipFormat[] = ['png', 'jpg', 'webp'];

/** Every finished image of the batch as one ZIP, in the format chosen. */
export function BatchDownload({
  batchName,
  projects,
  cleanAllowed,
}: {
  batchName: string;
  projects: Project[];
  cleanAllowed: boolean | undefined;
}) {
  const { t } = useLingui();
  const [format, setFormat] = useState<ZipFormat>('png');
  const download = useDownloadBatch();
  const ready = projects.reduce((n, p) => n + completedImages(p).length, 0);
  if (ready === 0) return null;
  const { progress } = download;
  return (
    <div className={s.download}>
      <SelectField
        label={<Trans>Format</Trans>}
        value={format}
        onChange={setFormat}
        options={FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
      />
      <Button
        variant="secondary"
        loading={download.isPending}
        onClick={() => download.mutate({ batchName, projects, format, cleanAllowed })}
      >
        <Icon name="download" size={18} />
        <Trans>Download all (ZIP)</Trans>
      </Button>
      {progress && progress.total > 0 && (
        <ProgressBar
          label={t`Making the ZIP`}
          percent={Math.round((progress.done / progress.total) * 100)}
          detail={`${progress.done} / ${progress.total}`}
        />
      )}
    </div>
  );
}

// Video states on the detail screen (spec 2 §4): pending ('Video pending', wait 1-2 minutes),
// processing ('Generating video...'), failed ('Video generation failed'); none once done.
import { useLingui } from '@lingui/react/macro';
import { Alert, Spinner } from '../../../ui/index.ts';
import { VIDEO_BANNERS } from '../labels.ts';
import type { Project } from '../project-types.ts';
import * as s from './project-detail.css.ts';

export function VideoBanner({ project }: { project: Pick<Project, 'video_status'> }) {
  const { i18n } = useLingui();
  const status = project.video_status;
  if (!status || status === 'completed') return null;
  const words = VIDEO_BANNERS[status];
  return (
    <Alert tone={status === 'failed' ? 'error' : 'info'}>
      <span className={s.banner}>
        <span>
          <strong>{i18n._(words.title)}</strong> {i18n._(words.body)}
        </span>
        {status !== 'failed' && <Spinner size={18} />}
      </span>
    </Alert>
  );
}

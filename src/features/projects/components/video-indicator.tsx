// On a card: coloured dots while a video is pending or being made, a Video badge once it
// exists (spec 2 §2).
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../../ui/index.ts';
import { hasVideo, type Project, videoInProgress } from '../project-types.ts';
import * as s from './video-indicator.css.ts';

export function VideoIndicator({ project }: { project: Pick<Project, 'video_status' | 'video_path'> }) {
  const { t } = useLingui();
  if (videoInProgress(project)) {
    const label = project.video_status === 'pending' ? t`Video pending` : t`Generating video...`;
    return (
      <span className={s.dots} role="img" aria-label={label} title={label}>
        <span className={s.dot} />
        <span className={s.dot} />
        <span className={s.dot} />
      </span>
    );
  }
  if (hasVideo(project)) {
    return (
      <span className={s.badge}>
        <Icon name="video" size={14} />
        <Trans>Video</Trans>
      </span>
    );
  }
  return null;
}

// /projects/{id} (spec 2 §2): back, the name (rename in place), status badge, video view,
// download and Report an Issue, archive or unarchive and delete (the card's actions, with the
// card's dialogs); the video banners, the rejection message with the refund note, the image
// panes, and the project's fix requests with their outcome; everything live.
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { Alert, Button, Icon, Skeleton, Spinner } from '../../../ui/index.ts';
import { useCleanAllowed } from '../hooks/use-clean-allowed.ts';
import { useArchiveProject, useUnarchiveProject } from '../hooks/use-project-actions.ts';
import { useDownloadVideo } from '../hooks/use-download.ts';
import { useProject, useProjectImagesLive } from '../hooks/use-projects.ts';
import { MESSAGES, TYPE_LABELS } from '../labels.ts';
import { hasVideo, isProcessing, type Project, progressOf } from '../project-types.ts';
import { ImageViewer } from './image-viewer.tsx';
import { useProjectDialogs } from './project-dialogs.tsx';
import { ProjectFixes } from './project-fixes.tsx';
import { ProjectIcon } from './project-icon.tsx';
import { ProjectNameEditor } from './project-name-editor.tsx';
import { StatusBadge } from './status-badge.tsx';
import { VideoBanner } from './video-banner.tsx';
import { imageSizeLabel } from '../image-size.ts';
import * as d from './project-detail.css.ts';
import * as s from './shared.css.ts';
import { shownProjectName } from '../../../lib/default-names.ts';

export interface ProjectDetailPageProps {
  projectId: string;
  /** the image shown, from 0 */
  index: number;
  onIndexChange: (index: number) => void;
}

export function ProjectDetailPage({ projectId, index, onIndexChange }: ProjectDetailPageProps) {
  const { t, i18n } = useLingui();
  useProjectImagesLive(projectId);
  const project = useProject(projectId);
  usePageTitle(project.data ? shownProjectName(project.data.name) : t`Project`);

  const back = (
    <Link to="/projects" className={d.back}>
      <Icon name="arrowLeft" size={18} />
      <Trans>Back to projects</Trans>
    </Link>
  );

  if (project.isPending) {
    return (
      <section className={s.page} aria-busy="true" aria-label={t`Loading project`}>
        {back}
        <Skeleton width="40%" height={36} />
        <div className={d.panes}>
          <Skeleton height={0} style={{ aspectRatio: '2 / 3', height: 'auto' }} radius="14px" />
          <Skeleton height={0} style={{ aspectRatio: '2 / 3', height: 'auto' }} radius="14px" />
        </div>
      </section>
    );
  }
  if (project.isError && project.data === undefined) {
    return (
      <div className={s.page}>
        {back}
        <Alert tone="error">
          <span className={s.errorRow}>
            {i18n._(MESSAGES.loadProjectFailed)}
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void project.refetch()}
              loading={project.isFetching}
            >
              <Trans>Retry</Trans>
            </Button>
          </span>
        </Alert>
      </div>
    );
  }
  if (!project.data) {
    return (
      <div className={s.page}>
        <div className={s.empty}>
          <p className={s.emptyTitle}>{i18n._(MESSAGES.projectNotFound)}</p>
          <p>
            <Trans>It may have been deleted, or the link is not complete.</Trans>
          </p>
          {back}
        </div>
      </div>
    );
  }
  return <ProjectDetail project={project.data} index={index} onIndexChange={onIndexChange} back={back} />;
}

function ProjectDetail({
  project,
  index,
  onIndexChange,
  back,
}: {
  project: Project;
  index: number;
  onIndexChange: (i: number) => void;
  back: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const cleanAllowed = useCleanAllowed();
  const [showVideo, setShowVideo] = useState(false);
  const downloadVideo = useDownloadVideo();
  const archive = useArchiveProject();
  const unarchive = useUnarchiveProject();
  const dialogs = useProjectDialogs({
    cleanAllowed,
    fixErrorMessage: MESSAGES.fixSubmitFailed,
    onDeleted: () => navigate({ to: '/projects' }),
  });
  const at = Math.min(Math.max(index, 0), Math.max(project.images.length - 1, 0));
  const image = project.images[at];
  const imageReady = image?.status === 'completed';
  const video = hasVideo(project);
  const completed = project.status === 'completed' || project.status === 'archived';

  return (
    <div className={s.page}>
      {back}
      <header className={d.head}>
        <div className={d.headText}>
          <ProjectNameEditor projectId={project.id} name={shownProjectName(project.name)} />
          <div className={d.meta}>
            <StatusBadge status={project.status} />
            <span>{i18n._(TYPE_LABELS[project.type] ?? TYPE_LABELS['on-model'])}</span>
            <span aria-hidden>·</span>
            <time dateTime={project.created_at}>{formatDate(project.created_at, currentLocale())}</time>
            {imageReady && imageSizeLabel(image) && (
              <>
                <span aria-hidden>·</span>
                <span data-testid="image-size" title={t`Resolution of this image`}>
                  {imageSizeLabel(image)}
                </span>
              </>
            )}
          </div>
        </div>
        <div className={d.actions}>
          {video && (
            <Button variant="secondary" aria-pressed={showVideo} onClick={() => setShowVideo((v) => !v)}>
              {showVideo ? <Icon name="image" size={18} /> : <ProjectIcon name="play" />}
              {showVideo ? <Trans>View Image</Trans> : <Trans>View Video</Trans>}
            </Button>
          )}
          {video && project.video_path && (
            <Button
              variant="secondary"
              loading={downloadVideo.isPending}
              onClick={() =>
                project.video_path &&
                downloadVideo.mutate({
                  projectName: shownProjectName(project.name),
                  path: project.video_path,
                })
              }
            >
              <ProjectIcon name="download" />
              <Trans>Download Video</Trans>
            </Button>
          )}
          <Button
            variant="secondary"
            disabled={!completed}
            title={completed ? undefined : t`Available once the project is completed`}
            onClick={() => dialogs.openFix(project, imageReady ? image : undefined)}
          >
            <ProjectIcon name="flag" />
            <Trans>Report an Issue</Trans>
          </Button>
          <Button
            disabled={!imageReady}
            onClick={() => dialogs.openDownload(project, imageReady ? [image] : [])}
          >
            <ProjectIcon name="download" />
            <Trans>Download</Trans>
          </Button>
          {project.status === 'archived' ? (
            <Button
              variant="secondary"
              loading={unarchive.isPending}
              onClick={() => unarchive.mutate(project.id)}
            >
              <ProjectIcon name="restore" />
              <Trans>Unarchive</Trans>
            </Button>
          ) : (
            <Button
              variant="secondary"
              disabled={project.status !== 'completed'}
              title={project.status === 'completed' ? undefined : t`Available once the project is completed`}
              loading={archive.isPending}
              onClick={() => archive.mutate(project.id)}
            >
              <ProjectIcon name="archive" />
              <Trans>Archive</Trans>
            </Button>
          )}
          <Button
            variant="danger"
            title={
              isProcessing(project) ? t`This project is still processing and cannot be deleted` : undefined
            }
            onClick={() => dialogs.openDelete(project)}
          >
            <ProjectIcon name="trash" />
            <Trans>Delete</Trans>
          </Button>
        </div>
      </header>

      {project.status === 'processing' && <ProcessingBanner project={project} />}
      <VideoBanner project={project} />
      {project.status === 'rejected' && (
        <Alert tone="error">
          <strong>{i18n._(MESSAGES.rejectedOverlay)}</strong>{' '}
          <Trans>
            The credits for this project have been refunded. See what can be generated in the{' '}
            <Link to="/content-guidelines">content guidelines</Link>.
          </Trans>
        </Alert>
      )}
      {project.status === 'failed' && (
        <Alert tone="error">
          <Trans>Some images could not be generated. Their credits have been refunded.</Trans>
        </Alert>
      )}

      <ImageViewer
        project={project}
        index={at}
        onIndexChange={onIndexChange}
        cleanAllowed={cleanAllowed}
        showVideo={showVideo && video}
      />
      <ProjectFixes projectId={project.id} cleanAllowed={cleanAllowed} />
      {dialogs.dialogs}
    </div>
  );
}

/** While the project is processing, however far the image on screen is. */
function ProcessingBanner({ project }: { project: Project }) {
  const { t } = useLingui();
  const { done, total } = progressOf(project);
  return (
    <Alert tone="info">
      <span className={d.banner}>
        <span aria-live="polite">
          <strong>
            <Trans>Generating your images</Trans>
          </strong>{' '}
          {t({
            message: plural(total, { one: `${done} of # image ready.`, other: `${done} of # images ready.` }),
          })}{' '}
          <Trans>This usually takes 1 to 2 minutes.</Trans>
        </span>
        <Spinner size={18} />
      </span>
    </Alert>
  );
}

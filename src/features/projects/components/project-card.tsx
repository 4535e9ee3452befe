// A project card (spec 2 §2): the generated image (hover, or the swap button on touch screens,
// shows the original), the processing state with live progress, the rejected overlay, video
// dots and badge, the name, type and date, the menu and a separate delete button. The card's
// picture and name link to the project.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatRelative } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { Spinner } from '../../../ui/index.ts';
import { cardPictureSource, cardSize, originalSource, resultSource } from '../image-sources.ts';
import { MESSAGES, TYPE_LABELS } from '../labels.ts';
import { completedImages, isProcessing, type Project, progressOf } from '../project-types.ts';
import type { ProjectAction } from './project-actions.ts';
import { ProjectCardMenu } from './project-card-menu.tsx';
import { ProjectIcon } from './project-icon.tsx';
import { StatusBadge } from './status-badge.tsx';
import { StoredImage } from './stored-image.tsx';
import { VideoIndicator } from './video-indicator.tsx';
import * as s from './project-card.css.ts';
import { shownProjectName } from '../../../lib/default-names.ts';

export interface ProjectCardProps {
  project: Project;
  /** the seller's plan reads clean images (undefined: not known yet) */
  cleanAllowed: boolean | undefined;
  onAction: (action: ProjectAction, project: Project) => void;
  variant?: 'active' | 'archived';
  /** the first cards on screen load their picture at once */
  eager?: boolean;
}

export function ProjectCard({
  project,
  cleanAllowed,
  onAction,
  variant = 'active',
  eager,
}: ProjectCardProps) {
  const { t, i18n } = useLingui();
  const [showOriginal, setShowOriginal] = useState(false);
  const [originalWanted, setOriginalWanted] = useState(false);
  const result = resultSource(completedImages(project)[0], cleanAllowed);
  const original = originalSource(project.images[0]);
  // the result, else the photo (the projects' first read signs the same with the list)
  const picture = cardPictureSource(project, cleanAllowed);
  const processing = isProcessing(project);
  const rejected = project.status === 'rejected';
  const failed = project.status === 'failed';
  const canToggle = !!result && !!original && !processing && !rejected;
  const reveal = (on: boolean) => {
    if (!canToggle) return;
    if (on) setOriginalWanted(true);
    setShowOriginal(on);
  };
  const { done, total } = progressOf(project);
  const typeLabel = i18n._(TYPE_LABELS[project.type] ?? TYPE_LABELS['on-model']);
  const act = (action: ProjectAction) => onAction(action, project);
  const deleteBlocked = processing;
  const name = shownProjectName(project.name);

  return (
    <article className={s.card} aria-label={name}>
      <Link
        to="/projects/$projectId"
        params={{ projectId: project.id }}
        className={s.media}
        aria-label={t`Open ${name}`}
        onPointerEnter={(e) => e.pointerType === 'mouse' && reveal(true)}
        onPointerLeave={(e) => e.pointerType === 'mouse' && reveal(false)}
      >
        <StoredImage
          source={picture}
          size={cardSize}
          alt=""
          className={s.layer}
          imgClassName={
            picture?.bucket === 'uploads' && (processing || rejected || failed) ? s.dimmed : undefined
          }
          eager={eager}
        />
        {canToggle && originalWanted && (
          // loaded on the first hover or tap; shown while hovered or switched on
          <span className={[s.layer, s.originalLayer].join(' ')} data-shown={showOriginal}>
            <StoredImage source={original} size={cardSize} alt="" eager className={s.layer} />
          </span>
        )}
        {processing && (
          <span className={s.overlay}>
            <Spinner size={26} />
            <span>
              <Trans>Generating…</Trans>
            </span>
            <span aria-live="polite">
              {t({
                message: plural(total, {
                  one: `${done} of # image ready`,
                  other: `${done} of # images ready`,
                }),
              })}
            </span>
            <span className={s.progressTrack} aria-hidden>
              <span
                className={[s.progressFill, done === 0 ? s.progressRunning : undefined].join(' ')}
                style={done > 0 ? { width: `${Math.round((done / Math.max(total, 1)) * 100)}%` } : undefined}
              />
            </span>
          </span>
        )}
        {rejected && (
          <span className={[s.overlay, s.rejectedOverlay].join(' ')}>{i18n._(MESSAGES.rejectedOverlay)}</span>
        )}
        {failed && (
          <span className={s.overlay}>
            <Trans>Generation failed. The credits for failed images were refunded.</Trans>
          </span>
        )}
        {canToggle && showOriginal && (
          <span className={s.bottomLeft}>
            <span className={s.chip}>
              <Trans>Original</Trans>
            </span>
          </span>
        )}
      </Link>
      {canToggle && (
        <span className={s.topLeft}>
          <button
            type="button"
            className={s.roundButton}
            aria-pressed={showOriginal}
            aria-label={t`Show the original photo of ${name}`}
            onClick={() => reveal(!showOriginal)}
          >
            <ProjectIcon name="swap" />
          </button>
        </span>
      )}
      <span className={s.topRight}>
        <VideoIndicator project={project} />
      </span>

      <div className={s.footer}>
        <h3 className={s.name} title={name}>
          <Link
            to="/projects/$projectId"
            params={{ projectId: project.id }}
            className={s.nameLink}
            tabIndex={-1}
          >
            {name}
          </Link>
        </h3>
        <div className={s.meta}>
          <div className={s.metaItems}>
            {project.status !== 'completed' && project.status !== 'archived' && (
              <span>
                <StatusBadge status={project.status} />
              </span>
            )}
            <span>{typeLabel}</span>
            <time dateTime={project.created_at}>{formatRelative(project.created_at, currentLocale())}</time>
          </div>
        </div>
        {variant === 'active' && (
          <div className={s.actions}>
            <ProjectCardMenu project={project} onAction={act} />
            <button
              type="button"
              className={[s.iconButton, s.dangerButton].join(' ')}
              aria-label={t`Delete ${name}`}
              aria-disabled={deleteBlocked || undefined}
              title={deleteBlocked ? t`This project is still processing and cannot be deleted` : t`Delete`}
              onClick={() => act('delete')}
            >
              <ProjectIcon name="trash" />
            </button>
          </div>
        )}
      </div>
      {variant === 'archived' && (
        <div className={s.archivedActions}>
          <button type="button" className={s.textButton} onClick={() => act('unarchive')}>
            <ProjectIcon name="restore" />
            <Trans>Unarchive</Trans>
          </button>
          <button
            type="button"
            className={[s.textButton, s.dangerButton].join(' ')}
            onClick={() => act('delete')}
          >
            <ProjectIcon name="trash" />
            <Trans>Delete</Trans>
          </button>
        </div>
      )}
    </article>
  );
}

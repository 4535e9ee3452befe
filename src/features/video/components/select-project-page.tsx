import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Icon, Skeleton, buttonClass } from '../../../ui/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { StoredImage } from '../../projects/components.ts';
import { useCleanAllowed, resultSource, TYPE_LABELS } from '../../projects/index.ts';
import { type VideoProject, eligibleProjectsQueryOptions } from '../api.ts';
import { VIDEO_PAGE_SIZE, firstResult, paginate, searchProjects } from '../eligible.ts';
import { useVideoAccess } from '../hooks/use-video-access.ts';
import { videoMessages } from '../messages.ts';
import { UpgradeNotice } from './upgrade-notice.tsx';
import * as s from './video.css.ts';
import { shownProjectName } from '../../../lib/default-names.ts';

const THUMB = { width: 480, height: 600, resize: 'cover' as const, quality: 70 };

function ProjectPick({
  project,
  selected,
  onSelect,
}: {
  project: VideoProject;
  selected: boolean;
  onSelect: () => void;
}) {
  const { i18n } = useLingui();
  const cleanAllowed = useCleanAllowed();
  const image = firstResult(project.images);
  const type =
    project.type in TYPE_LABELS
      ? i18n._(TYPE_LABELS[project.type as keyof typeof TYPE_LABELS])
      : project.type;
  return (
    <li>
      <button
        type="button"
        className={s.pick}
        aria-pressed={selected}
        onClick={onSelect}
        data-testid="video-project"
      >
        <StoredImage source={resultSource(image, cleanAllowed)} size={THUMB} alt="" className={s.pickImage} />
        <span className={s.pickBody}>
          <span className={s.pickName}>{shownProjectName(project.name)}</span>
          <span className={s.pickMeta}>
            {type} ·{' '}
            {formatDate(project.created_at, currentLocale(), {
              month: 'short',
              day: 'numeric',
              year: 'numeric',
            })}
          </span>
        </span>
        {project.video_status === 'completed' && (
          <Badge tone="ink" className={s.videoTag}>
            <Trans>Has a video</Trans>
          </Badge>
        )}
        {selected && (
          <span className={s.check} aria-hidden="true">
            <Icon name="check" size={16} />
          </span>
        )}
      </button>
    </li>
  );
}

export function SelectProjectPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Create Video`);
  const user = useUser();
  const navigate = useNavigate();
  const access = useVideoAccess();
  const projects = useQuery(eligibleProjectsQueryOptions(useSupabase(), user.id));
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const typeLabel = (type: string) =>
    type in TYPE_LABELS ? i18n._(TYPE_LABELS[type as keyof typeof TYPE_LABELS]) : type;
  const found = searchProjects(projects.data ?? [], query, typeLabel);
  const shown = paginate(found, page, VIDEO_PAGE_SIZE);
  const selected = projects.data?.find((p) => p.id === selectedId) ?? null;
  const selectedName = selected ? shownProjectName(selected.name) : '';

  return (
    <div className={s.page}>
      <header className={s.header}>
        <Link to="/create" className={s.back}>
          <Icon name="arrowLeft" size={16} />
          <Trans>Create</Trans>
        </Link>
        <h1 className={s.title}>
          <Trans>Create Video</Trans>
        </h1>
        <p className={s.lead}>
          <Trans>
            Choose a finished project. Its generated image becomes a short video in the style you pick next.
          </Trans>
        </p>
      </header>

      {access.known && !access.video && <UpgradeNotice />}

      {projects.isError ? (
        <Alert tone="error">
          <p>{i18n._(videoMessages.loadProjects)}</p>
          <Button size="sm" variant="secondary" onClick={() => void projects.refetch()}>
            <Trans>Retry</Trans>
          </Button>
        </Alert>
      ) : projects.isPending ? (
        <ul className={s.grid} aria-busy="true" aria-label={t`Loading projects`}>
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i}>
              <Skeleton
                height={0}
                style={{ aspectRatio: '4 / 5', height: 'auto', display: 'block' }}
                radius="14px"
              />
            </li>
          ))}
        </ul>
      ) : projects.data.length === 0 ? (
        <div className={s.empty}>
          <Icon name="video" size={28} />
          <p>{i18n._(videoMessages.empty)}</p>
          <Link to="/create" className={buttonClass()}>
            <Icon name="plus" size={18} />
            <Trans>New project</Trans>
          </Link>
        </div>
      ) : (
        <>
          <div className={s.toolbar}>
            <search className={s.search}>
              <Icon name="search" size={18} className={s.searchIcon} />
              <input
                type="search"
                className={s.searchInput}
                value={query}
                onChange={(e) => {
                  setQuery(e.currentTarget.value);
                  setPage(1);
                }}
                placeholder={t`Search by name or type`}
                aria-label={t`Search projects`}
                autoComplete="off"
                enterKeyHint="search"
              />
            </search>
            <span className={s.count} aria-live="polite">
              {query.trim() ? (
                <Trans>{found.length} found</Trans>
              ) : (
                <Trans>{found.length} finished projects</Trans>
              )}
            </span>
          </div>

          {found.length === 0 ? (
            <div className={s.empty}>
              <Icon name="search" size={24} />
              <p>
                <Trans>No projects match “{query.trim()}”.</Trans>
              </p>
            </div>
          ) : (
            <ul className={s.grid} aria-label={t`Finished projects`}>
              {shown.items.map((p) => (
                <ProjectPick
                  key={p.id}
                  project={p}
                  selected={p.id === selectedId}
                  onSelect={() => setSelectedId(p.id)}
                />
              ))}
            </ul>
          )}

          {shown.pageCount > 1 && (
            <nav className={s.pager} aria-label={t`Pages`}>
              <Button
                variant="secondary"
                size="sm"
                disabled={shown.page <= 1}
                onClick={() => setPage(shown.page - 1)}
              >
                <Icon name="chevronLeft" size={16} />
                <span className={s.pagerLabel}>
                  <Trans>Previous</Trans>
                </span>
              </Button>
              <span className={s.pageText}>
                <Trans>
                  Page {shown.page} of {shown.pageCount}
                </Trans>
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={shown.page >= shown.pageCount}
                onClick={() => setPage(shown.page + 1)}
              >
                <span className={s.pagerLabel}>
                  <Trans>Next</Trans>
                </span>
                <Icon name="chevronRight" size={16} />
              </Button>
            </nav>
          )}

          <div className={s.stickyBar}>
            <span className={s.selectedText}>
              {selected ? (
                <Trans>Selected: {selectedName}</Trans>
              ) : (
                <Trans>Select a project to continue.</Trans>
              )}
            </span>
            <Button
              disabled={!selected}
              onClick={() =>
                selected &&
                void navigate({ to: '/video/create/$projectId', params: { projectId: selected.id } })
              }
            >
              <Trans>Continue</Trans>
              <Icon name="arrowRight" size={18} />
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

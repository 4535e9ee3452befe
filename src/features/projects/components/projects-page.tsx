// /projects (spec 2 §2): tabs, search, New project, the projects by date group, live.
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import { useHoldForFirstPictures } from '../../../lib/first-pictures.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { Button, Icon, buttonClass } from '../../../ui/index.ts';
import { useArchiveProject } from '../hooks/use-project-actions.ts';
import { useCleanAllowed } from '../hooks/use-clean-allowed.ts';
import { useProjects, useProjectImagesLive } from '../hooks/use-projects.ts';
import { STATUS_LABELS, TYPE_LABELS } from '../labels.ts';
import type { Project } from '../project-types.ts';
import { searchProjects } from '../search.ts';
import type { ProjectAction } from './project-actions.ts';
import { useProjectDialogs } from './project-dialogs.tsx';
import { ProjectGrid, ProjectGridSkeleton } from './project-grid.tsx';
import { ProjectsTabs } from './projects-tabs.tsx';
import { ProjectsEmpty, ProjectsLoadError } from './projects-list-states.tsx';
import { SearchBox } from './search-box.tsx';
import * as s from './shared.css.ts';

export interface ProjectsPageProps {
  search: string;
  onSearchChange: (search: string) => void;
}

export function ProjectsPage({ search, onSearchChange }: ProjectsPageProps) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Projects`);
  useProjectImagesLive();
  const projects = useProjects();
  const cleanAllowed = useCleanAllowed();
  const archive = useArchiveProject();
  const dialogs = useProjectDialogs({ cleanAllowed });

  const found = useMemo(
    () =>
      searchProjects(projects.data ?? [], search, (p) => ({
        type: i18n._(TYPE_LABELS[p.type] ?? TYPE_LABELS['on-model']),
        status: i18n._(STATUS_LABELS[p.status] ?? STATUS_LABELS.draft),
      })),
    [projects.data, search, i18n],
  );

  const onAction = (action: ProjectAction, project: Project) => {
    if (action === 'download') dialogs.openDownload(project);
    else if (action === 'rename') dialogs.openRename(project);
    else if (action === 'fix') dialogs.openFix(project);
    else if (action === 'archive') archive.mutate(project.id);
    else if (action === 'delete') dialogs.openDelete(project);
  };

  // the service worker's precache waits for the first card's picture (lib/first-pictures.ts)
  const firstPicturesShown = useHoldForFirstPictures();
  const noPictures = projects.isError || (!!projects.data && found.length === 0);
  useEffect(() => {
    if (noPictures) firstPicturesShown();
  }, [noPictures, firstPicturesShown]);

  const total = projects.data?.length ?? 0;
  return (
    <div className={s.page}>
      <header className={s.head}>
        <div>
          <h1 className={s.title}>
            <Trans>Projects</Trans>
          </h1>
          <p className={s.lead}>
            <Trans>Your shoots, newest first. Compare a result with your photo with the ⇄ button.</Trans>
          </p>
        </div>
        <Link to="/create" className={buttonClass({ size: 'lg' })}>
          <Icon name="plus" size={18} />
          <Trans>New project</Trans>
        </Link>
      </header>
      <ProjectsTabs current="all" />
      {total > 0 && <SearchBox value={search} onChange={onSearchChange} found={found.length} total={total} />}

      {projects.isPending && <ProjectGridSkeleton label={t`Loading projects`} />}
      {projects.isError && !projects.data && (
        <ProjectsLoadError retry={() => void projects.refetch()} retrying={projects.isFetching} />
      )}
      {projects.data && total === 0 && (
        <ProjectsEmpty icon={<Icon name="sparkles" size={26} />} title={<Trans>No projects yet</Trans>}>
          <p>
            <Trans>Upload a product photo and get on-model or flat-lay images in 1 to 2 minutes.</Trans>
          </p>
          <Link to="/create" className={buttonClass({})}>
            <Trans>Create your first project</Trans>
          </Link>
        </ProjectsEmpty>
      )}
      {projects.data && total > 0 && found.length === 0 && (
        <ProjectsEmpty title={<Trans>No projects match “{search}”</Trans>}>
          <Button variant="secondary" onClick={() => onSearchChange('')}>
            <Trans>Clear search</Trans>
          </Button>
        </ProjectsEmpty>
      )}
      {found.length > 0 && (
        <ProjectGrid
          key={search}
          projects={found}
          cleanAllowed={cleanAllowed}
          onAction={onAction}
          onFirstPicture={firstPicturesShown}
        />
      )}
      {dialogs.dialogs}
    </div>
  );
}

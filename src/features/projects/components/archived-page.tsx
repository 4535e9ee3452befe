// /archived (spec 2 §2): archived projects with unarchive and delete.
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCleanAllowed } from '../hooks/use-clean-allowed.ts';
import { useUnarchiveProject } from '../hooks/use-project-actions.ts';
import { useArchivedProjects, useProjectImagesLive } from '../hooks/use-projects.ts';
import type { Project } from '../project-types.ts';
import type { ProjectAction } from './project-actions.ts';
import { useProjectDialogs } from './project-dialogs.tsx';
import { ProjectIcon } from './project-icon.tsx';
import { ProjectGrid, ProjectGridSkeleton } from './project-grid.tsx';
import { ProjectsTabs } from './projects-tabs.tsx';
import { ProjectsEmpty, ProjectsLoadError } from './projects-list-states.tsx';
import * as s from './shared.css.ts';

export function ArchivedPage() {
  const { t } = useLingui();
  usePageTitle(t`Archived projects`);
  useProjectImagesLive();
  const archived = useArchivedProjects();
  const cleanAllowed = useCleanAllowed();
  const unarchive = useUnarchiveProject();
  const dialogs = useProjectDialogs({ cleanAllowed });
  const onAction = (action: ProjectAction, project: Project) => {
    if (action === 'unarchive') unarchive.mutate(project.id);
    else if (action === 'delete') dialogs.openDelete(project);
  };

  return (
    <div className={s.page}>
      <header className={s.head}>
        <div>
          <h1 className={s.title}>
            <Trans>Archived projects</Trans>
          </h1>
          <p className={s.lead}>
            <Trans>Projects you put away. Unarchive one to see it in your projects again.</Trans>
          </p>
        </div>
      </header>
      <ProjectsTabs current="archived" />
      {archived.isPending && <ProjectGridSkeleton label={t`Loading archived projects`} />}
      {archived.isError && !archived.data && (
        <ProjectsLoadError retry={() => void archived.refetch()} retrying={archived.isFetching} />
      )}
      {archived.data?.length === 0 && (
        <ProjectsEmpty
          icon={<ProjectIcon name="archive" size={26} />}
          title={<Trans>Nothing archived</Trans>}
        >
          <p>
            <Trans>Archive a completed project from its card menu to keep your projects tidy.</Trans>
          </p>
        </ProjectsEmpty>
      )}
      {!!archived.data?.length && (
        <ProjectGrid
          projects={archived.data}
          cleanAllowed={cleanAllowed}
          onAction={onAction}
          variant="archived"
          grouped={false}
        />
      )}
      {dialogs.dialogs}
    </div>
  );
}

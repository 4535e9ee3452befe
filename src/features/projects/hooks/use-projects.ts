// The seller's projects: the active list, the archive, one project; kept live (projects and
// images change while generations run, videos are made and other tabs act): one subscription
// per table per screen.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveRows } from '../../../lib/live-rows.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import {
  archivedProjectsQueryOptions,
  projectKeys,
  projectQueryOptions,
  projectsQueryOptions,
} from '../api.ts';
import type { Tables } from '../../../lib/database.types.ts';
import { applyProjectRow, patchImage } from '../project-cache.ts';
import { projectChangeReaders } from './use-read-on-project-changes.ts';

export function useProjects() {
  const user = useUser();
  return useQuery(projectsQueryOptions(useSupabase(), user.id));
}

export function useArchivedProjects() {
  const user = useUser();
  return useQuery(archivedProjectsQueryOptions(useSupabase(), user.id));
}

export function useProject(projectId: string) {
  const user = useUser();
  return useQuery(projectQueryOptions(useSupabase(), user.id, projectId));
}

/**
 * Live images. With a project id only that project's images are watched (the detail screen);
 * otherwise all of the seller's (the lists). A changed image is patched into the cache (its row
 * carries every field the screens show); a new or removed one has the affected reads run again.
 * The projects rows themselves arrive once per screen, through the shell's live wiring
 * (applyProjectRow).
 */
export function useProjectImagesLive(projectId?: string) {
  const user = useUser();
  const queryClient = useQueryClient();
  const scope = projectId ?? 'all';
  useLiveRows({
    channel: `project-images:${user.id}:${scope}`,
    table: 'images',
    filter: projectId ? `project_id=eq.${projectId}` : `user_id=eq.${user.id}`,
    refetch: projectId
      ? [projectKeys.detail(user.id, projectId), projectKeys.lists(user.id)]
      : [projectKeys.lists(user.id)],
    onChange: ({ row }) => {
      if (row) patchImage(queryClient, user.id, row);
    },
    readAgainOn: ({ type }) => type !== 'UPDATE',
  });
}

/** The seller's projects rows, live, applied to the cache (the shell mounts this once). */
export function useProjectRowsLive(onRow?: (row: Tables<'projects'>) => void) {
  const user = useUser();
  const queryClient = useQueryClient();
  useLiveRows({
    channel: `projects:${user.id}`,
    table: 'projects',
    filter: `user_id=eq.${user.id}`,
    refetch: () => [projectKeys.lists(user.id), ...projectChangeReaders()],
    onChange: (change) => {
      const { readLists } = applyProjectRow(queryClient, user.id, change);
      if (readLists) void queryClient.invalidateQueries({ queryKey: projectKeys.lists(user.id) });
      for (const queryKey of projectChangeReaders()) void queryClient.invalidateQueries({ queryKey });
      if (change.row) onRow?.(change.row);
    },
    readAgainOn: () => false,
  });
}

// The seller's projects: the active list, the archive, one project; kept live (projects and
// images change while generations run, videos are made and other tabs act).
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
import { patchImage, patchProject, projectFieldsOf, removeProject } from '../project-cache.ts';

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
 * Live projects and images. With a project id only that project's rows are watched (the
 * detail screen); otherwise all of the seller's (the lists). Each change lands in the cache
 * at once and the affected reads run again.
 */
export function useProjectsLive(projectId?: string) {
  const user = useUser();
  const queryClient = useQueryClient();
  const scope = projectId ?? 'all';
  const refetch = projectId
    ? [projectKeys.detail(user.id, projectId), projectKeys.lists(user.id)]
    : [projectKeys.lists(user.id)];

  useLiveRows({
    channel: `projects:${user.id}:${scope}`,
    table: 'projects',
    filter: projectId ? `id=eq.${projectId}` : `user_id=eq.${user.id}`,
    refetch,
    onChange: ({ type, row, old }) => {
      if (type === 'DELETE') {
        if (old.id) removeProject(queryClient, user.id, old.id);
      } else if (row) {
        patchProject(queryClient, user.id, row.id, projectFieldsOf(row));
      }
    },
  });
  useLiveRows({
    channel: `project-images:${user.id}:${scope}`,
    table: 'images',
    filter: projectId ? `project_id=eq.${projectId}` : `user_id=eq.${user.id}`,
    refetch,
    onChange: ({ row }) => {
      if (row) patchImage(queryClient, user.id, row);
    },
  });
}

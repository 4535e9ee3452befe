// The writes on a project. Each changes the cached lists and detail at once, puts them back
// when the server refuses, and reads again what it changed.
import type { MessageDescriptor } from '@lingui/core';
import { useQueryClient } from '@tanstack/react-query';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { archiveProject, deleteProject, projectKeys, renameProject, unarchiveProject } from '../api.ts';
import { MESSAGES } from '../labels.ts';
import { dropFromList, patchProject, removeProject, snapshotProjects } from '../project-cache.ts';

function useProjectWrite() {
  const user = useUser();
  const client = useSupabase();
  const queryClient = useQueryClient();
  const settle = (projectId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys.lists(user.id) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.detail(user.id, projectId) }),
    ]);
  return { user, client, queryClient, settle };
}

export interface RenameInput {
  projectId: string;
  name: string;
}

/**
 * Rename: the list's dialog says 'Failed to rename project. Please try again.'; the detail
 * screen's inline name says 'Failed to update project name' (and gets its name back).
 */
export function useRenameProject(errorMessage: MessageDescriptor = MESSAGES.renameFailed) {
  const { user, client, queryClient, settle } = useProjectWrite();
  return useAppMutation({
    mutationFn: ({ projectId, name }: RenameInput) => renameProject(client, projectId, name),
    errorMessage,
    onMutate: async ({ projectId, name }) => {
      await queryClient.cancelQueries({ queryKey: projectKeys.user(user.id) });
      const restore = snapshotProjects(queryClient, user.id);
      patchProject(queryClient, user.id, projectId, { name: name.trim() });
      return { restore };
    },
    onError: (_e, _v, ctx) => ctx?.restore(),
    onSettled: (_d, _e, { projectId }) => settle(projectId),
  });
}

/** Archive (completed → archived). Spec 2 §8: a failure is only logged; the card comes back. */
export function useArchiveProject() {
  const { user, client, queryClient, settle } = useProjectWrite();
  return useAppMutation({
    mutationFn: (projectId: string) => archiveProject(client, projectId),
    errorDisplay: 'inline',
    onMutate: async (projectId) => {
      await queryClient.cancelQueries({ queryKey: projectKeys.user(user.id) });
      const restore = snapshotProjects(queryClient, user.id);
      dropFromList(queryClient, projectKeys.active(user.id), projectId);
      patchProject(queryClient, user.id, projectId, { status: 'archived' });
      return { restore };
    },
    onError: (error, projectId, ctx) => {
      console.error('[projects] archive failed', projectId, error);
      ctx?.restore();
    },
    onSettled: (_d, _e, projectId) => settle(projectId),
  });
}

/** Unarchive (archived → completed), from /archived. */
export function useUnarchiveProject() {
  const { user, client, queryClient, settle } = useProjectWrite();
  return useAppMutation({
    mutationFn: (projectId: string) => unarchiveProject(client, projectId),
    onMutate: async (projectId) => {
      await queryClient.cancelQueries({ queryKey: projectKeys.user(user.id) });
      const restore = snapshotProjects(queryClient, user.id);
      dropFromList(queryClient, projectKeys.archived(user.id), projectId);
      patchProject(queryClient, user.id, projectId, { status: 'completed' });
      return { restore };
    },
    onError: (_e, _v, ctx) => ctx?.restore(),
    onSettled: (_d, _e, projectId) => settle(projectId),
  });
}

/**
 * Delete, with every stored file (the server refuses a project still processing, and says why).
 * `onDeleted` runs once the server has deleted it and before the project leaves the cache, so
 * a screen showing it (the project page) can move away first instead of flashing 'Project not
 * found'; it runs even when that screen is already gone.
 */
export function useDeleteProject(onDeleted?: (projectId: string) => unknown) {
  const { user, client, queryClient } = useProjectWrite();
  return useAppMutation({
    mutationFn: (projectId: string) => deleteProject(client, projectId),
    errorMessage: MESSAGES.deleteFailed,
    onSuccess: async (_d, projectId) => {
      try {
        await onDeleted?.(projectId);
      } finally {
        removeProject(queryClient, user.id, projectId);
        void queryClient.invalidateQueries({ queryKey: projectKeys.lists(user.id) });
        void queryClient.invalidateQueries({ queryKey: projectKeys.fixes(user.id) });
      }
    },
  });
}

// The fix requests list: a page of 8, live (any change to the seller's fixes reads the pages
// again), and deleting one with its drawing.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { useLiveRows } from '../../../lib/live-rows.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import {
  deleteFix,
  type FixRequest,
  fixPageQueryOptions,
  projectFixesQueryOptions,
  projectKeys,
} from '../api.ts';
import { MESSAGES } from '../labels.ts';

export function useFixPage(page: number) {
  const user = useUser();
  return useQuery(fixPageQueryOptions(useSupabase(), user.id, page));
}

export function useFixesLive() {
  const user = useUser();
  useLiveRows({
    channel: `fixes:${user.id}`,
    table: 'fixes',
    filter: `user_id=eq.${user.id}`,
    refetch: [projectKeys.fixes(user.id)],
  });
}

export function useDeleteFix() {
  const user = useUser();
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useAppMutation({
    mutationFn: (fix: Pick<FixRequest, 'id' | 'annotated_image'>) => deleteFix(client, fix),
    errorMessage: MESSAGES.deleteFixFailed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.fixes(user.id) }),
  });
}

/** One project's fix requests (the project page); live through useFixesLive. */
export function useProjectFixes(projectId: string) {
  const user = useUser();
  return useQuery(projectFixesQueryOptions(useSupabase(), user.id, projectId));
}

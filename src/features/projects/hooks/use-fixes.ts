// The fix requests list: a page of 8, live (any change to the seller's fixes reads the pages
// again), and deleting one with its drawing.
import { useRef } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { pendingRequests } from '../../../lib/pending-request.ts';
import { useLiveRows } from '../../../lib/live-rows.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { subscriptionKeys } from '../../subscription/index.ts';
import {
  deleteFix,
  type FixRequest,
  type FixRequestState,
  fixPageQueryOptions,
  fixRequestKey,
  projectFixesQueryOptions,
  projectKeys,
  requestFix,
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

/**
 * A fix request for one project, sent once per press: a lost answer is asked again with the same
 * request id and the drawing already uploaded (the id lives as long as the dialog). A success
 * changes the fix lists and, for a paid fix, the balance; the project's eligibility is read
 * again either way.
 */
export function useRequestFix(projectId: string, errorMessage: MessageDescriptor) {
  const user = useUser();
  const client = useSupabase();
  const queryClient = useQueryClient();
  const requests = useRef(pendingRequests<FixRequestState>(() => ({ path: null }))).current;
  return useAppMutation({
    mutationFn: async (fix: {
      imageId: string | null;
      description: string;
      drawing: () => Promise<Blob>;
    }) => {
      const input = { userId: user.id, projectId, imageId: fix.imageId, description: fix.description };
      const request = requests.begin(fixRequestKey(input));
      const drawing = await fix.drawing();
      return requests.send(request, (r) => requestFix(client, { ...input, drawing }, r));
    },
    errorMessage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.fixes(user.id) });
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(user.id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.eligibility(user.id, projectId) }),
  });
}

/** One project's fix requests (the project page); live through useFixesLive. */
export function useProjectFixes(projectId: string) {
  const user = useUser();
  return useQuery(projectFixesQueryOptions(useSupabase(), user.id, projectId));
}

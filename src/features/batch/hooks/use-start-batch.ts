// Start: start_batch checks, prices and charges the whole batch in one transaction; the screen
// shows what it says. The press carries a request id kept in the batch draft (Dexie) with the
// fingerprint of what it was made for, until the server answers: Start after a lost answer (or
// after a reload) gets the batch already made, never a second charge. On success the draft is
// done (cleared) and the batch's page follows.
import { useQueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { creditShortfall, isNetworkError, serverCode, useAppMutation } from '../../../lib/errors/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { dashboardKeys } from '../../dashboard/index.ts';
import { projectKeys } from '../../projects/index.ts';
import { subscriptionKeys } from '../../subscription/index.ts';
import { generationFingerprint } from '../../wizard/components.ts';
import { batchArgs, batchKeys, startBatch } from '../api.ts';
import { batchStore } from '../store/batch-store.ts';

export function useStartBatch(backgroundBlurred: boolean) {
  const client = useSupabase();
  const user = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [insufficient, setInsufficient] = useState<number | null>(null);

  const mutation = useAppMutation({
    mutationFn: async () => {
      const draft = batchStore.peek(user.id);
      if (!draft) throw new Error('The batch is not loaded');
      const args = batchArgs(draft, backgroundBlurred);
      const fingerprint = generationFingerprint(args);
      let request = draft.request;
      if (request === null || request.fingerprint !== fingerprint) {
        request = { id: crypto.randomUUID(), fingerprint };
        batchStore.dispatch(user.id, { type: 'setRequest', request });
        // on the device before the request leaves it: a reload after a lost answer still has it
        await batchStore.flushed();
      }
      try {
        return await startBatch(client, args, request.id);
      } catch (error) {
        // the server answered (a refusal): the next press is a new request
        if (!isNetworkError(error)) batchStore.dispatch(user.id, { type: 'setRequest', request: null });
        throw error;
      }
    },
    errorDisplay: 'inline',
    errorMessage: msg`Failed to start the batch`,
    onSuccess: async (batch) => {
      await batchStore.clear(user.id);
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(user.id) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      void queryClient.invalidateQueries({ queryKey: batchKeys.user(user.id) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists(user.id) });
      void navigate({ to: '/tools/batch/$batchId', params: { batchId: batch.id } });
    },
    onError: (error) => {
      const shortfall = creditShortfall(error);
      if (shortfall) {
        setInsufficient(shortfall.needed);
        void queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(user.id) });
        void queryClient.invalidateQueries({ queryKey: batchKeys.user(user.id) });
      }
    },
  });

  return {
    start: () => mutation.mutate(),
    busy: mutation.isPending || mutation.isSuccess,
    error:
      mutation.isError && serverCode(mutation.error)?.code !== 'insufficient_credits'
        ? mutation.errorText
        : null,
    insufficient,
    closeInsufficient: () => setInsufficient(null),
  };
}

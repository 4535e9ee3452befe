// Start: start_batch checks, prices and charges the whole batch in one transaction; the screen
// shows what it says. The press carries a request id kept in the batch draft (Dexie) with the
// fingerprint of what it was made for, until the server answers: Start after a lost answer (or
// after a reload) gets the batch already made, never a second charge. On success the draft is
// done (cleared) and the batch's page follows.
import { useQueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { creditShortfall, serverCode, useAppMutation } from '../../../lib/errors/index.ts';
import { pressDraft } from '../../../lib/drafts/draft-request.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { dashboardKeys } from '../../dashboard/index.ts';
import { projectKeys } from '../../projects/index.ts';
import { subscriptionKeys } from '../../subscription/index.ts';
import { batchArgs, batchKeys, startBatch } from '../api.ts';
import { BATCH, batchStore } from '../store/batch-store.ts';

export function useStartBatch(backgroundBlurred: boolean) {
  const client = useSupabase();
  const user = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [insufficient, setInsufficient] = useState<number | null>(null);

  const mutation = useAppMutation({
    mutationFn: () =>
      pressDraft({
        store: batchStore,
        userId: user.id,
        slot: BATCH,
        args: (draft) => batchArgs(draft, backgroundBlurred),
        send: (args, requestId) => startBatch(client, args, requestId),
      }),
    errorDisplay: 'inline',
    errorMessage: msg`Failed to start the batch`,
    onSuccess: async (batch) => {
      await batchStore.clear(user.id, BATCH);
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

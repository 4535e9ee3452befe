// Generate: start_generation decides price, balance and everything it creates (one
// transaction); the screen shows what it says. The press carries a request id kept with the
// draft until the server answers (store/generation-request.ts): Generate after a lost answer
// gets the project already made, not a second one. On success the draft is done: it is cleared,
// the seller's credits and projects are read again, and /projects follows after 0.5 s.
import { useQueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { creditShortfall, serverCode, useAppMutation } from '../../../lib/errors/index.ts';
import { pressDraft } from '../../../lib/drafts/draft-request.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { dashboardKeys } from '../../dashboard/index.ts';
import { subscriptionKeys } from '../../subscription/index.ts';
import { generationArgs, startGeneration, wizardKeys } from '../api.ts';
import type { Draft } from '../model/draft.ts';
import { draftStore } from '../store/draft-store.ts';

/** Redirect after creation (spec 2 §9). */
export const REDIRECT_AFTER_CREATION_MS = 500;

export function useGenerate(draft: Draft, backgroundBlurred: boolean) {
  const client = useSupabase();
  const user = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [insufficient, setInsufficient] = useState<number | null>(null);
  const [done, setDone] = useState(false);

  const mutation = useAppMutation({
    mutationFn: () =>
      pressDraft({
        store: draftStore,
        userId: user.id,
        slot: draft.flow,
        args: (current) => generationArgs(current, backgroundBlurred),
        send: (args, requestId) => startGeneration(client, args, requestId),
      }),
    errorDisplay: 'inline',
    errorMessage: msg`Failed to create project`,
    onSuccess: async () => {
      setDone(true);
      await draftStore.clear(user.id, draft.flow);
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(user.id) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      void queryClient.invalidateQueries({ queryKey: wizardKeys.all });
      setTimeout(() => void navigate({ to: '/projects' }), REDIRECT_AFTER_CREATION_MS);
    },
    onError: (error) => {
      const shortfall = creditShortfall(error);
      if (shortfall) {
        setInsufficient(shortfall.needed);
        // the balance the screen shows is stale: read it again
        void queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(user.id) });
        void queryClient.invalidateQueries({ queryKey: wizardKeys.all });
      }
    },
  });

  return {
    generate: () => mutation.mutate(),
    busy: mutation.isPending || done,
    error:
      mutation.isError && serverCode(mutation.error)?.code !== 'insufficient_credits'
        ? mutation.errorText
        : null,
    insufficient,
    closeInsufficient: () => setInsufficient(null),
  };
}

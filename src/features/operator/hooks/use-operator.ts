// The console's reads and actions. Each action reads the queue again (or the seller found);
// a grant is sent once per confirmation: a retry after a lost answer reuses its request id.
import { useCallback, useRef } from 'react';
import { msg } from '@lingui/core/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import {
  type AiAttempt,
  aiFix,
  aiFixQueryOptions,
  answerFix,
  fixQueueQueryOptions,
  type Grant,
  grantCredits,
  healthQueryOptions,
  type InboxKind,
  inboxQueryOptions,
  markHandled,
  operatorKeys,
  pictureQueryOptions,
  rejectFix,
  runSellerAction,
  type SellerAction,
  sellerQueryOptions,
  sellersQueryOptions,
  startFix,
  workQueryOptions,
} from '../api.ts';

export function useFixQueue() {
  return useQuery(fixQueueQueryOptions(useSupabase()));
}

export function usePicture(bucket: string, path: string | null) {
  const client = useSupabase();
  return useQuery({ ...pictureQueryOptions(client, bucket, path ?? ''), enabled: !!path });
}

function useQueueAction<T>(fn: (input: T) => Promise<void>, errorMessage: ReturnType<typeof msg>) {
  const queryClient = useQueryClient();
  return useAppMutation({
    mutationFn: fn,
    errorMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorKeys.queue() }),
  });
}

export function useStartFix() {
  const client = useSupabase();
  return useQueueAction(
    (fixId: string) => startFix(client, fixId),
    msg`The fix could not be marked in progress.`,
  );
}

export function useRejectFix() {
  const client = useSupabase();
  return useQueueAction(
    ({ fixId, note }: { fixId: string; note: string }) => rejectFix(client, fixId, note),
    msg`The fix could not be rejected.`,
  );
}

export function useAnswerFix() {
  const client = useSupabase();
  return useQueueAction(
    ({ fixId, picture, note }: { fixId: string; picture: Blob; note: string }) =>
      answerFix(client, fixId, picture, note),
    msg`The picture could not be sent.`,
  );
}

export function useSellers(query: string) {
  return useQuery(sellersQueryOptions(useSupabase(), query));
}

/** `begin()` when the operator opens the confirmation: that press's request id until it succeeds. */
export function useGrantCredits() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const requestId = useRef<string | null>(null);
  const mutation = useAppMutation({
    mutationFn: (grant: Grant) => {
      requestId.current ??= crypto.randomUUID();
      return grantCredits(client, grant, requestId.current);
    },
    errorMessage: msg`The credits could not be changed.`,
    onSuccess: () => {
      requestId.current = null;
      void queryClient.invalidateQueries({ queryKey: [...operatorKeys.all, 'sellers'] });
      void queryClient.invalidateQueries({ queryKey: [...operatorKeys.all, 'seller'] });
    },
  });
  return {
    ...mutation,
    begin: () => {
      requestId.current = crypto.randomUUID();
      mutation.reset();
    },
  };
}

export function useSellerOverview(sellerId: string, ledgerLimit: number) {
  return useQuery({
    ...sellerQueryOptions(useSupabase(), sellerId, ledgerLimit),
    placeholderData: (previous) => previous,
  });
}

/**
 * A refund or a retry with its reason. `begin()` when the operator opens the confirmation: that
 * press's request id until it succeeds, so a retry after a lost answer is not a second refund.
 */
export function useSellerAction() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const requestId = useRef<string | null>(null);
  const mutation = useAppMutation({
    mutationFn: ({ action, reason }: { action: SellerAction; reason: string }) => {
      requestId.current ??= crypto.randomUUID();
      return runSellerAction(client, action, reason, requestId.current);
    },
    errorMessage: msg`The action could not be done.`,
    // the dialog shows the refusal ("already refunded") beside the reason
    errorDisplay: 'inline',
    onSuccess: () => {
      requestId.current = null;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...operatorKeys.all, 'seller'] });
      void queryClient.invalidateQueries({ queryKey: operatorKeys.work() });
    },
  });
  const { reset } = mutation;
  const begin = useCallback(() => {
    requestId.current = crypto.randomUUID();
    reset();
  }, [reset]);
  return { ...mutation, begin };
}

export function useInbox(kind: InboxKind | null, includeHandled: boolean) {
  return useQuery(inboxQueryOptions(useSupabase(), kind, includeHandled));
}

export function useMarkHandled() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useAppMutation({
    mutationFn: ({ noticeId, handled }: { noticeId: string; handled: boolean }) =>
      markHandled(client, noticeId, handled),
    errorMessage: msg`The message could not be marked.`,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...operatorKeys.all, 'inbox'] }),
  });
}

export function useWorkOverview() {
  return useQuery(workQueryOptions(useSupabase()));
}

export function useHealth() {
  return useQuery(healthQueryOptions(useSupabase()));
}

export function useAiFix(fixId: string) {
  return useQuery(aiFixQueryOptions(useSupabase(), fixId));
}

/** Try with AI, Send to seller, Discard: each reads the fix's AI state again; a send the queue too. */
export function useAiFixActions(fixId: string) {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: operatorKeys.aiFix(fixId) });
  const tryIt = useAppMutation({
    mutationFn: () => aiFix<{ attempt: AiAttempt }>(client, { action: 'try', fix_id: fixId }),
    errorMessage: msg`The AI attempt could not be started.`,
    onSettled: refresh,
  });
  const send = useAppMutation({
    mutationFn: ({ attemptId, note }: { attemptId: string; note: string }) =>
      aiFix(client, { action: 'send', attempt_id: attemptId, ...(note.trim() ? { note: note.trim() } : {}) }),
    errorMessage: msg`The picture could not be sent.`,
    onSettled: () =>
      Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: operatorKeys.queue() })]),
  });
  const discard = useAppMutation({
    mutationFn: (attemptId: string) => aiFix(client, { action: 'discard', attempt_id: attemptId }),
    errorMessage: msg`The AI's picture could not be discarded.`,
    onSettled: refresh,
  });
  return { tryIt, send, discard };
}

// Every write the app makes goes through useAppMutation: React Query's useMutation with one
// error path. A failure is put into words (describeError) and, by default, shown as an error
// toast; a form that shows its errors beside its fields says errorDisplay: 'inline' and
// renders errorText. The caller's own onError still runs (roll back, move focus, …).
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { type DefaultError, type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { toast } from '../../ui/toast/toast-store.ts';
import { describeError } from './describe-error.ts';

/** How long an error toast stays (spec: result toasts last 5 s). */
export const ERROR_TOAST_MS = 5000;

export interface AppMutationOptions<TData, TVariables, TOnMutateResult>
  extends UseMutationOptions<TData, DefaultError, TVariables, TOnMutateResult> {
  /** the action's failure message, in the spec's words, for errors without words of their own */
  errorMessage?: MessageDescriptor;
  /** words for server codes that mean something particular in this action */
  errorCodes?: Record<string, MessageDescriptor>;
  /** 'toast' (default) shows failures as an error toast; 'inline' leaves it to errorText */
  errorDisplay?: 'toast' | 'inline';
}

/** What a screen adds to a feature's mutation hook: its own reaction to the outcome. */
export type MutationCallbacks<TData, TVariables> = Pick<
  AppMutationOptions<TData, TVariables, unknown>,
  'onSuccess' | 'onSettled'
>;

export function useAppMutation<TData = unknown, TVariables = void, TOnMutateResult = unknown>(
  options: AppMutationOptions<TData, TVariables, TOnMutateResult>,
) {
  const { i18n } = useLingui();
  const { errorMessage, errorCodes, errorDisplay = 'toast', onError, ...rest } = options;
  const describe = (error: unknown) =>
    describeError(error, i18n, { fallback: errorMessage, codes: errorCodes });
  const mutation = useMutation<TData, DefaultError, TVariables, TOnMutateResult>({
    ...rest,
    onError: (error, variables, onMutateResult, context) => {
      if (errorDisplay === 'toast')
        toast.show({ tone: 'error', title: describe(error), duration: ERROR_TOAST_MS });
      return onError?.(error, variables, onMutateResult, context);
    },
  });
  return {
    ...mutation,
    /** the last failure in words (in the active language), or null */
    errorText: mutation.error ? describe(mutation.error) : null,
  };
}

// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../ui/toast/toast-store.ts';
import { ERROR_TOAST_MS, useAppMutation } from '../use-app-mutation.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(() => {
  cleanup();
  toast.clear();
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}

const rateLimited = {
  name: 'PostgrestError',
  code: 'P0001',
  hint: 'rate_limited',
  message: 'Too many requests. Please try again later.',
  details: '',
};
const failed = msg`Failed to send feedback. Please try again.`;

describe('useAppMutation', () => {
  it('shows a failure as an error toast in words, and still runs the caller’s onError', async () => {
    const onError = vi.fn();
    const { result } = renderHook(
      () =>
        useAppMutation({
          mutationFn: async () => Promise.reject(rateLimited),
          errorMessage: failed,
          onError,
        }),
      { wrapper },
    );
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(toast.getSnapshot()).toMatchObject([
      { tone: 'error', title: 'Too many requests. Please try again later.', duration: ERROR_TOAST_MS },
    ]);
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0][0]).toBe(rateLimited);
    expect(result.current.errorText).toBe('Too many requests. Please try again later.');
  });

  it("uses the action's failure message for an error without words", async () => {
    const { result } = renderHook(
      () =>
        useAppMutation({ mutationFn: async () => Promise.reject(new Error('500')), errorMessage: failed }),
      { wrapper },
    );
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(toast.getSnapshot().map((t) => t.title)).toEqual(['Failed to send feedback. Please try again.']);
  });

  it('leaves the showing to the form with errorDisplay inline', async () => {
    const { result } = renderHook(
      () =>
        useAppMutation({
          mutationFn: async (_text: string) => Promise.reject(new Error('500')),
          errorMessage: failed,
          errorDisplay: 'inline',
        }),
      { wrapper },
    );
    expect(result.current.errorText).toBeNull();
    act(() => result.current.mutate('hello'));
    await waitFor(() => expect(result.current.errorText).toBe('Failed to send feedback. Please try again.'));
    expect(toast.getSnapshot()).toEqual([]);
    act(() => result.current.reset());
    await waitFor(() => expect(result.current.errorText).toBeNull());
  });

  it('shows nothing when the write succeeds', async () => {
    const { result } = renderHook(() => useAppMutation({ mutationFn: async (n: number) => n * 2 }), {
      wrapper,
    });
    let value = 0;
    await act(async () => {
      value = await result.current.mutateAsync(21);
    });
    expect(value).toBe(42);
    expect(result.current.errorText).toBeNull();
    expect(toast.getSnapshot()).toEqual([]);
  });
});

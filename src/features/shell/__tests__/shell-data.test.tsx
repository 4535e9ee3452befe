// @vitest-environment happy-dom
// The shell's reads are the ones routes/_app.tsx's loader starts: every query the mounted shell
// reads is among those prefetchShellData makes, so none of them waits for the first render.
import { i18n } from '@lingui/core';
import { hashKey, QueryClient } from '@tanstack/react-query';
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeSupabase } from '../../../lib/testing/fake-supabase.ts';
import { renderApp } from '../../../lib/testing/render-app.tsx';
import { AppShell } from '../components/app-shell.tsx';
import { prefetchShellData } from '../shell-data.ts';

vi.mock('../../../lib/supabase.ts', () => ({ supabase: null }));

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const user = { id: 'u1', email: 'maria@example.test' };
const tables = () => ({
  notifications: [],
  profiles: [{ id: user.id, full_name: 'Maria', phone_number: null, language: 'en' }],
  subscriptions: [],
  plans: [],
});

describe('the signed-in shell’s reads', () => {
  it('are all started by the loader’s prefetch', async () => {
    const mounted = renderApp(
      <AppShell>
        <p>screen</p>
      </AppShell>,
      { client: fakeSupabase({ tables: tables() }).client, user },
    );
    await waitFor(() => expect(mounted.queryClient.isFetching()).toBe(0));
    const shellReads = mounted.queryClient
      .getQueryCache()
      .getAll()
      .map((q) => hashKey(q.queryKey));
    expect(shellReads.length).toBeGreaterThan(0);

    const prefetched = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchShellData(prefetched, fakeSupabase({ tables: tables() }).client, user.id);
    const started = prefetched
      .getQueryCache()
      .getAll()
      .map((q) => hashKey(q.queryKey));
    expect(shellReads.filter((key) => !started.includes(key))).toEqual([]);
  });
});

describe('prefetchShellData on a later navigation', () => {
  it('reads nothing again while the shell’s data is in the cache, even when stale', async () => {
    const fake = fakeSupabase({ tables: tables() });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
    prefetchShellData(queryClient, fake.client, user.id);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const first = fake.calls.length;
    expect(first).toBeGreaterThan(0);
    prefetchShellData(queryClient, fake.client, user.id);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(fake.calls.length).toBe(first);
  });
});

// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OWED_READ_DELAY_MS, type RowChange, useLiveRows } from '../live-rows.ts';
import { SupabaseContext } from '../supabase-context.ts';
import { fakeSupabase } from '../testing/fake-supabase.ts';

vi.mock('../supabase.ts', () => ({ supabase: null }));
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function setup(heldJoins?: string[]) {
  const fake = fakeSupabase({ heldJoins });
  const queryClient = new QueryClient();
  const invalidated: string[] = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(JSON.stringify(filters?.queryKey));
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SupabaseContext.Provider value={fake.client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </SupabaseContext.Provider>
  );
  return { fake, invalidated, wrapper };
}

describe('useLiveRows', () => {
  it('reads the queries again when the channel joins, catching changes made before it', async () => {
    const { fake, invalidated, wrapper } = setup();
    renderHook(
      () =>
        useLiveRows({
          channel: 'c:1',
          table: 'notifications',
          filter: 'user_id=eq.1',
          refetch: [['a', 1], ['b']],
        }),
      { wrapper },
    );
    expect(fake.calls).toEqual(['channel c:1']);
    // what the read catches happened before the join: it waits a moment, not to compete with the
    // screen's first reads and pictures
    await wait(OWED_READ_DELAY_MS - 1);
    expect(invalidated).toEqual([]);
    await wait(1);
    expect(invalidated).toEqual(['["a",1]', '["b"]']);
  });

  it('reads once for channels joining together, after the last of them joins', async () => {
    const { fake, invalidated, wrapper } = setup(['page']);
    renderHook(
      () => {
        useLiveRows({ channel: 'shell', table: 'projects', refetch: [['list'], ['stats']] });
        useLiveRows({ channel: 'page', table: 'images', refetch: [['list']] });
      },
      { wrapper },
    );
    // the shell's channel joined; the page's has not: a read now could miss the page's gap
    await wait(20);
    expect(invalidated).toEqual([]);
    act(() => fake.join('page'));
    await wait(OWED_READ_DELAY_MS);
    expect(invalidated).toEqual(['["list"]', '["stats"]']);
  });

  it('does not hold the reads owed for a channel that failed to join', async () => {
    const { fake, invalidated, wrapper } = setup(['page']);
    renderHook(
      () => {
        useLiveRows({ channel: 'shell', table: 'projects', refetch: [['list']] });
        useLiveRows({ channel: 'page', table: 'images', refetch: [['images']] });
      },
      { wrapper },
    );
    await wait(20);
    act(() => fake.join('page', 'CHANNEL_ERROR'));
    await wait(OWED_READ_DELAY_MS);
    expect(invalidated).toEqual(['["list"]']);
  });

  it('hands each change to onChange, then reads the queries again', async () => {
    const { fake, invalidated, wrapper } = setup();
    const changes: RowChange<'projects'>[] = [];
    renderHook(
      () =>
        useLiveRows({
          channel: 'c:2',
          table: 'projects',
          refetch: [['p']],
          onChange: (c) => changes.push(c),
        }),
      { wrapper },
    );
    await wait(OWED_READ_DELAY_MS);
    expect(invalidated).toHaveLength(1);
    act(() => fake.emit('projects', 'UPDATE', { id: 'p1', status: 'completed' }, { id: 'p1' }));
    act(() => fake.emit('projects', 'DELETE', {}, { id: 'p2' }));
    act(() => fake.emit('notifications', 'INSERT', { id: 'n1' }));
    expect(changes).toEqual([
      { type: 'UPDATE', row: { id: 'p1', status: 'completed' }, old: { id: 'p1' } },
      { type: 'DELETE', row: null, old: { id: 'p2' } },
    ]);
    expect(invalidated).toEqual(['["p"]', '["p"]', '["p"]']);
  });

  it('reads again only after the changes readAgainOn asks for (a change patched in whole needs none)', async () => {
    const { fake, invalidated, wrapper } = setup();
    renderHook(
      () =>
        useLiveRows({
          channel: 'c:6',
          table: 'images',
          refetch: [['p']],
          readAgainOn: ({ type }) => type !== 'UPDATE',
        }),
      { wrapper },
    );
    await wait(OWED_READ_DELAY_MS);
    expect(invalidated).toHaveLength(1);
    act(() => fake.emit('images', 'UPDATE', { id: 'i1', status: 'completed' }, { id: 'i1' }));
    expect(invalidated).toHaveLength(1);
    act(() => fake.emit('images', 'INSERT', { id: 'i2' }));
    expect(invalidated).toEqual(['["p"]', '["p"]']);
  });

  it('uses the latest onChange without subscribing again', async () => {
    const { fake, wrapper } = setup();
    const seen: string[] = [];
    const { rerender } = renderHook(
      ({ tag }: { tag: string }) =>
        useLiveRows({ channel: 'c:3', table: 'projects', onChange: () => seen.push(tag) }),
      { wrapper, initialProps: { tag: 'first' } },
    );
    rerender({ tag: 'second' });
    act(() => fake.emit('projects', 'INSERT', { id: 'p1' }));
    expect(seen).toEqual(['second']);
    expect(fake.calls.filter((c) => c.startsWith('channel'))).toHaveLength(1);
  });

  it('removes its channel on unmount, and opens none when disabled', () => {
    const { fake, wrapper } = setup();
    const { unmount } = renderHook(() => useLiveRows({ channel: 'c:4', table: 'projects' }), { wrapper });
    expect(fake.openChannels()).toEqual(['c:4']);
    unmount();
    expect(fake.openChannels()).toEqual([]);
    renderHook(() => useLiveRows({ channel: 'c:5', table: 'projects', enabled: false }), { wrapper });
    expect(fake.openChannels()).toEqual([]);
  });
});

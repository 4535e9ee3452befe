// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useIsRestoring, useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERSISTED_QUERIES_KEY } from '../query-cache-keys.ts';
import { createQueryClient } from '../query-client.ts';
import { PersistedQueryClientProvider } from '../query-persistence-provider.tsx';

function Credits({ fetchCredits }: { fetchCredits: () => Promise<number> }) {
  const restoring = useIsRestoring();
  const { data } = useQuery({ queryKey: ['credits'], queryFn: fetchCredits });
  return <p>{restoring ? 'restoring' : data === undefined ? 'loading' : `credits ${data}`}</p>;
}

function persisted(credits: number) {
  const now = Date.now();
  return JSON.stringify({
    buster: 'v1',
    timestamp: now,
    clientState: {
      mutations: [],
      queries: [
        {
          queryKey: ['credits'],
          queryHash: '["credits"]',
          state: {
            data: credits,
            dataUpdatedAt: now,
            status: 'success',
            fetchStatus: 'idle',
            error: null,
            errorUpdatedAt: 0,
            dataUpdateCount: 1,
            errorUpdateCount: 0,
            fetchFailureCount: 0,
            fetchFailureReason: null,
            fetchMeta: null,
            isInvalidated: false,
          },
        },
      ],
    },
  });
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the persisted query cache', () => {
  it('is put back before queries run when there is one', async () => {
    localStorage.setItem(PERSISTED_QUERIES_KEY, persisted(42));
    const fetchCredits = vi.fn(async () => 41);
    const onRestored = vi.fn();
    render(
      <PersistedQueryClientProvider client={createQueryClient()} onRestored={onRestored}>
        <Credits fetchCredits={fetchCredits} />
      </PersistedQueryClientProvider>,
    );
    expect(screen.getByText('restoring')).toBeTruthy();
    await screen.findByText('credits 42');
    expect(onRestored).toHaveBeenCalledOnce();
  });

  it('does not hold the first screen when there is none, and saves what was read afterwards', async () => {
    const fetchCredits = vi.fn(async () => 7);
    render(
      <PersistedQueryClientProvider client={createQueryClient()}>
        <Credits fetchCredits={fetchCredits} />
      </PersistedQueryClientProvider>,
    );
    expect(screen.queryByText('restoring')).toBeNull();
    await screen.findByText('credits 7');
    await waitFor(() => expect(localStorage.getItem(PERSISTED_QUERIES_KEY)).toContain('"data":7'), {
      timeout: 4000,
    });
  });
});

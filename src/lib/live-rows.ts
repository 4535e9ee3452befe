// Live rows: subscribe to one table's changes (Realtime postgres_changes), hand each change to
// the caller, and read the given queries again — when the channel joins (changes made between
// the first read and the join) and after a change, unless the caller says the change was
// patched into the cache whole (`readAgainOn`).
// One helper for every live screen; the channel is removed when the component unmounts.
import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { hashKey, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { Database, Tables } from './database.types.ts';
import { readOnJoin } from './read-on-join.ts';
import { useSupabase } from './use-supabase.ts';

type TableName = keyof Database['public']['Tables'];

export interface RowChange<T extends TableName> {
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  /** the row after the change; null for DELETE */
  row: Tables<T> | null;
  /** the row before it (with replica identity default: its primary key) */
  old: Partial<Tables<T>>;
}

export interface LiveRowsOptions<T extends TableName> {
  /** the channel's name, unique per screen and user (e.g. `notifications:<userId>`) */
  channel: string;
  table: T;
  /** a Realtime filter, e.g. `user_id=eq.<userId>` */
  filter?: string;
  /** queries read again when the channel joins and after a change (see readAgainOn); a
   *  function is asked each time, so screens that come and go can add theirs to one channel */
  refetch?: readonly QueryKey[] | (() => readonly QueryKey[]);
  /** runs first for each change (e.g. merge the row into the cache at once) */
  onChange?: (change: RowChange<T>) => void;
  /** whether a change still needs the queries read again; by default every change does. A
   *  caller whose onChange patched the row into the cache whole answers false for it. */
  readAgainOn?: (change: RowChange<T>) => boolean;
  /** false leaves the table unwatched */
  enabled?: boolean;
}

// The reads owed for joins are made once the last channel still joining has joined: a screen
// opens several channels at once (the shell's and the page's), and each read again per join
// read /projects' list three times on every visit. A read made after the last join covers
// every channel's gap. A channel that never joins holds the others back at most JOIN_WAIT_MS.
// The read waits OWED_READ_DELAY_MS after the last join: what it catches happened before the
// join (what happens after comes over the channel), so it is no fresher for being sent at once,
// and at once it competed with the screen's own first pictures on a phone's slow link (/projects
// read its 30 projects again while the first card's picture was being signed and loaded).
const JOIN_WAIT_MS = 3000;
export const OWED_READ_DELAY_MS = 1000;
const joining = new Set<object>();
const owed = new Map<QueryClient, Map<string, QueryKey>>();
let owedTimer: ReturnType<typeof setTimeout> | undefined;

function readOwed() {
  clearTimeout(owedTimer);
  owedTimer = undefined;
  const due = [...owed];
  owed.clear();
  // a read of it already under way (a retry that continued as the connection came back) is
  // the read: it is not cancelled and sent again
  for (const [queryClient, keys] of due)
    for (const queryKey of keys.values())
      void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
}

/** A channel joined: its reads are owed, and made soon unless another channel is still joining. */
function joined(channel: object, queryClient: QueryClient, keys: readonly QueryKey[]) {
  joining.delete(channel);
  const forClient = owed.get(queryClient) ?? new Map<string, QueryKey>();
  for (const key of keys) forClient.set(hashKey(key), key);
  owed.set(queryClient, forClient);
  if (joining.size === 0) readOwedSoon();
  else owedTimer ??= setTimeout(readOwed, JOIN_WAIT_MS);
}

function readOwedSoon() {
  clearTimeout(owedTimer);
  owedTimer = setTimeout(readOwed, OWED_READ_DELAY_MS);
}

/** A channel stopped joining (failed, closed or removed): the reads owed wait no longer for it. */
function stoppedJoining(channel: object) {
  if (joining.delete(channel) && joining.size === 0 && owed.size > 0) readOwedSoon();
}

export function useLiveRows<T extends TableName>({
  channel,
  table,
  filter,
  refetch = [],
  onChange,
  readAgainOn,
  enabled = true,
}: LiveRowsOptions<T>) {
  const client = useSupabase();
  const queryClient = useQueryClient();

  // the latest render's refetch, for the reads a rejoin owes (asked outside React's events)
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  const keys = useCallback(() => {
    const r = latest.current;
    return typeof r === 'function' ? r() : r;
  }, []);
  const readAgain = useEffectEvent(() => {
    for (const queryKey of keys()) void queryClient.invalidateQueries({ queryKey });
  });
  const changed = useEffectEvent((change: RowChange<T>) => {
    onChange?.(change);
    if (readAgainOn?.(change) ?? true) readAgain();
  });

  const owedOnJoin = useEffectEvent(() => keys());

  useEffect(() => {
    if (!enabled) return;
    const joiningToken = {};
    joining.add(joiningToken);
    const live = client
      .channel(channel)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) },
        (payload) => {
          changed({
            type: payload.eventType,
            row: payload.eventType === 'DELETE' ? null : (payload.new as Tables<T>),
            old: payload.old as Partial<Tables<T>>,
          });
        },
      )
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') joined(joiningToken, queryClient, owedOnJoin());
        else stoppedJoining(joiningToken);
      });
    const forget = readOnJoin({ joined: () => live.state === 'joined', keys });
    return () => {
      forget();
      stoppedJoining(joiningToken);
      void client.removeChannel(live);
    };
  }, [client, queryClient, channel, table, filter, enabled, keys]);
}

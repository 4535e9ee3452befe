// Live rows: subscribe to one table's changes (Realtime postgres_changes), hand each change to
// the caller, and read the given queries again — when the channel joins (changes made between
// the first read and the join) and after a change, unless the caller says the change was
// patched into the cache whole (`readAgainOn`).
// One helper for every live screen; the channel is removed when the component unmounts.
import { useEffect, useEffectEvent } from 'react';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { Database, Tables } from './database.types.ts';
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
  /** queries read again when the channel joins and after a change (see readAgainOn) */
  refetch?: readonly QueryKey[];
  /** runs first for each change (e.g. merge the row into the cache at once) */
  onChange?: (change: RowChange<T>) => void;
  /** whether a change still needs the queries read again; by default every change does. A
   *  caller whose onChange patched the row into the cache whole answers false for it. */
  readAgainOn?: (change: RowChange<T>) => boolean;
  /** false leaves the table unwatched */
  enabled?: boolean;
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

  const readAgain = useEffectEvent(() => {
    for (const queryKey of refetch) void queryClient.invalidateQueries({ queryKey });
  });
  const changed = useEffectEvent((change: RowChange<T>) => {
    onChange?.(change);
    if (readAgainOn?.(change) ?? true) readAgain();
  });

  useEffect(() => {
    if (!enabled) return;
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
        if (status === 'SUBSCRIBED') readAgain();
      });
    return () => {
      void client.removeChannel(live);
    };
  }, [client, channel, table, filter, enabled]);
}

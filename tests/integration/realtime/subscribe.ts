// Subscribing the way an app does, and recording what the channel receives.
import type { RealtimeChannel, RealtimeChannelOptions, SupabaseClient } from '@supabase/supabase-js';
import { eventually } from './harness.ts';

export interface ChangeFilter {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table?: string;
  filter?: string;
}

export interface Recorded {
  channel: RealtimeChannel;
  /** events per binding, in the order the bindings were given */
  events: any[][];
  system: any[];
  statuses: { status: string; error?: string }[];
  broadcasts: any[];
}

/** Joins a channel with these postgres_changes bindings; resolves once the join was answered. */
export async function subscribe(
  client: SupabaseClient,
  name: string,
  filters: ChangeFilter[],
  opts: { config?: RealtimeChannelOptions['config']; waitFor?: 'system' | 'status' } = {},
): Promise<Recorded> {
  const channel = client.channel(name, opts.config ? { config: opts.config } : undefined);
  const rec: Recorded = { channel, events: filters.map(() => []), system: [], statuses: [], broadcasts: [] };
  for (const [i, f] of filters.entries())
    channel.on('postgres_changes' as any, f as any, (p: any) => rec.events[i].push(p));
  channel.on('system', {}, (p) => rec.system.push(p));
  channel.on('broadcast', { event: '*' }, (p) => rec.broadcasts.push(p));
  channel.subscribe((status, err) => rec.statuses.push({ status, error: err?.message }));
  if ((opts.waitFor ?? (filters.length ? 'system' : 'status')) === 'system') {
    await eventually(
      () => rec.system.find((s) => s.extension === 'postgres_changes'),
      `system message on ${name}`,
    );
  } else {
    await eventually(() => rec.statuses.length > 0, `join reply on ${name}`);
  }
  return rec;
}

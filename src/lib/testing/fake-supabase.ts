// A stand-in Supabase client for component tests, passed in through App's `supabase` prop or
// <SupabaseContext.Provider>: tables answer from memory (select / eq / order / limit /
// maybeSingle), rpc answers what the test says, and realtime channels can be fed changes with
// emit(). Every call is recorded in `calls`.
import type { AppSupabaseClient } from '../supabase.ts';

type Row = Record<string, unknown>;
type Answer = { data: unknown; error: unknown };
type ChangeHandler = (payload: { eventType: 'INSERT' | 'UPDATE' | 'DELETE'; new: Row; old: Row }) => void;

export interface FakeSupabaseOptions {
  tables?: Record<string, Row[]>;
  rpc?: Record<string, (args: Record<string, unknown> | undefined) => Partial<Answer>>;
  /** channels (by name) that join only when `join(name)` is called; the others join at once */
  heldJoins?: string[];
}

export interface FakeSupabase {
  client: AppSupabaseClient;
  tables: Record<string, Row[]>;
  calls: string[];
  /** delivers a change to the channels watching `table` */
  emit(table: string, eventType: 'INSERT' | 'UPDATE' | 'DELETE', row: Row, old?: Row): void;
  /** names of the channels open now */
  openChannels(): string[];
  /** a held channel answers its join: 'SUBSCRIBED' by default */
  join(name: string, status?: string): void;
}

function query(rows: () => Row[], calls: string[], table: string) {
  const filters: [string, unknown][] = [];
  let order: { column: string; ascending: boolean } | null = null;
  let limit = Number.POSITIVE_INFINITY;
  const run = (): Row[] => {
    let out = rows().filter((r) => filters.every(([k, v]) => r[k] === v));
    if (order) {
      const { column, ascending } = order;
      out = [...out].sort((a, b) => (String(a[column]) < String(b[column]) ? -1 : 1) * (ascending ? 1 : -1));
    }
    return out.slice(0, limit);
  };
  const builder = {
    select(columns = '*') {
      calls.push(`select ${table} ${columns}`);
      return builder;
    },
    eq(column: string, value: unknown) {
      filters.push([column, value]);
      return builder;
    },
    order(column: string, opts: { ascending?: boolean } = {}) {
      order = { column, ascending: opts.ascending ?? true };
      return builder;
    },
    limit(n: number) {
      limit = n;
      return builder;
    },
    maybeSingle: async (): Promise<Answer> => ({ data: run()[0] ?? null, error: null }),
    // biome-ignore lint/suspicious/noThenProperty: a query builder is awaited like PostgREST's
    then<T>(resolve: (answer: Answer) => T, reject?: (err: unknown) => T) {
      return Promise.resolve({ data: run(), error: null }).then(resolve, reject);
    },
  };
  return builder;
}

export function fakeSupabase(opts: FakeSupabaseOptions = {}): FakeSupabase {
  const tables: Record<string, Row[]> = { ...opts.tables };
  const calls: string[] = [];
  const channels = new Map<object, { name: string; watches: { table: string; handler: ChangeHandler }[] }>();
  const held = new Map<string, (status: string) => void>();

  const client = {
    from(table: string) {
      calls.push(`from ${table}`);
      return query(() => tables[table] ?? [], calls, table);
    },
    async rpc(fn: string, args?: Record<string, unknown>): Promise<Answer> {
      calls.push(`rpc ${fn}`);
      const answer = opts.rpc?.[fn]?.(args) ?? {};
      return { data: answer.data ?? null, error: answer.error ?? null };
    },
    channel(name: string) {
      calls.push(`channel ${name}`);
      const entry = { name, watches: [] as { table: string; handler: ChangeHandler }[] };
      const channel = {
        on(_type: string, filter: { table: string }, handler: ChangeHandler) {
          entry.watches.push({ table: filter.table, handler });
          return channel;
        },
        subscribe(onStatus?: (status: string) => void) {
          const answer = (status: string) => channels.has(channel) && onStatus?.(status);
          if (opts.heldJoins?.includes(name)) held.set(name, answer);
          else queueMicrotask(() => answer('SUBSCRIBED'));
          return channel;
        },
      };
      channels.set(channel, entry);
      return channel;
    },
    async removeChannel(channel: object) {
      channels.delete(channel);
      return 'ok';
    },
  };

  return {
    client: client as unknown as AppSupabaseClient,
    tables,
    calls,
    emit(table, eventType, row, old = {}) {
      for (const { watches } of channels.values()) {
        for (const w of watches) if (w.table === table) w.handler({ eventType, new: row, old });
      }
    },
    openChannels: () => [...channels.values()].map((c) => c.name),
    join(name, status = 'SUBSCRIBED') {
      held.get(name)?.(status);
    },
  };
}

// One joined channel: its topic, current join ref, the claims of its latest token and what
// it listens to (postgres_changes bindings, broadcast options, presence).
import { encode, encodeRaw, type Vsn } from './protocol.ts';
import { parseFilter, type Condition } from './filters.ts';
import type { ChannelAuth } from './tokens.ts';

export type PgEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

export interface PgBinding {
  /** echoed in the join reply and listed in each event's `ids` */
  id: number;
  /** the client's filter object, echoed verbatim */
  params: Record<string, unknown>;
  event: PgEvent;
  schema: string;
  /** null: every table of the schema */
  table: string | null;
  conditions: Condition[];
  select: string[] | null;
}

/** What a channel writes to: its socket. */
export interface Transport {
  readonly vsn: Vsn;
  send(data: string | Buffer): void;
}

export class BindingError extends Error {}

/** Stable integer id for a binding's params (hosted uses :erlang.phash2(params)). */
export function bindingId(params: Record<string, unknown>): number {
  const canonical = JSON.stringify(params, Object.keys(params).sort());
  let h = 0x811c9dc5;
  for (let i = 0; i < canonical.length; i++) {
    h ^= canonical.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & 0x7ffffff;
}

export function parseBinding(params: unknown): PgBinding {
  if (!params || typeof params !== 'object' || Array.isArray(params))
    throw new BindingError('postgres_changes entries must be objects');
  const p = params as Record<string, unknown>;
  const event = typeof p.event === 'string' ? p.event.toUpperCase() : '';
  if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event))
    throw new BindingError(`invalid event ${JSON.stringify(p.event)}`);
  if (typeof p.schema !== 'string' || p.schema === '') throw new BindingError('schema is required');
  const table = p.table === undefined || p.table === null || p.table === '*' ? null : String(p.table);
  const filter = p.filter === undefined || p.filter === null ? null : String(p.filter);
  let select: string[] | null = null;
  if (p.select !== undefined && p.select !== null) {
    if (!Array.isArray(p.select) || p.select.some((c) => typeof c !== 'string'))
      throw new BindingError('select must be a list of column names');
    select = p.select as string[];
  }
  return {
    id: bindingId(p),
    params: p,
    event: event as PgEvent,
    schema: p.schema,
    table,
    conditions: parseFilter(filter),
    select,
  };
}

export class Channel {
  /** postgres_changes bindings that are live (empty until the subscription is confirmed) */
  pgBindings: PgBinding[] = [];
  presenceKey: string;
  presenceEnabled: boolean;
  closed = false;
  private expiryTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly transport: Transport,
    readonly topic: string,
    readonly joinRef: string | null,
    public auth: ChannelAuth,
    readonly opts: {
      isPrivate: boolean;
      broadcastSelf: boolean;
      broadcastAck: boolean;
      presenceKey: string;
      presenceEnabled: boolean;
    },
  ) {
    this.presenceKey = opts.presenceKey;
    this.presenceEnabled = opts.presenceEnabled;
  }

  get subTopic() {
    return this.topic.slice('realtime:'.length);
  }

  get vsn() {
    return this.transport.vsn;
  }

  push(event: string, payload: unknown) {
    if (this.closed) return;
    this.transport.send(
      encode(this.vsn, { joinRef: this.joinRef, ref: null, topic: this.topic, event, payload }),
    );
  }

  pushRaw(event: string, payloadJson: string, joinRef: string | null = this.joinRef) {
    if (this.closed) return;
    this.transport.send(encodeRaw(this.vsn, joinRef, null, this.topic, event, payloadJson));
  }

  reply(ref: string | null, status: 'ok' | 'error', response: unknown) {
    this.transport.send(
      encode(this.vsn, {
        joinRef: this.joinRef,
        ref,
        topic: this.topic,
        event: 'phx_reply',
        payload: { status, response },
      }),
    );
  }

  system(extension: 'system' | 'postgres_changes', status: 'ok' | 'error', message: string) {
    this.push('system', { extension, status, message, channel: this.subTopic });
  }

  /** Calls onExpired when the token's exp passes (re-armed at least hourly for far-off exps). */
  scheduleExpiry(onExpired: () => void) {
    this.clearExpiry();
    const exp = this.auth.exp;
    if (exp === null) return;
    const wait = Math.min(Math.max(0, exp * 1000 - Date.now()), 3_600_000);
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = null;
      if (this.closed) return;
      if (Date.now() >= exp * 1000) onExpired();
      else this.scheduleExpiry(onExpired);
    }, wait);
    this.expiryTimer.unref();
  }

  clearExpiry() {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
  }
}

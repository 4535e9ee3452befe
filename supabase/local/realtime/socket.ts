// One WebSocket: decodes frames, answers heartbeats, and runs the channel lifecycle —
// join (token, bindings, reply, system message), access_token updates, broadcast,
// presence, leave — in the order frames arrive.
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { ApiKeys, JwtTools } from '../jwt.ts';
import { fanOut } from './broadcast.ts';
import type { Catalog } from './catalog.ts';
import { bindingId, Channel, type Transport } from './channel.ts';
import type { Presence } from './presence.ts';
import {
  decodeBinary,
  decodeText,
  encode,
  encodeRaw,
  fieldsOf,
  ProtocolError,
  type DecodedFrame,
  type PhxMessage,
  type Vsn,
} from './protocol.ts';
import type { Registry } from './registry.ts';
import { prepareBindings } from './subscription.ts';
import { expiredError, isApiKeyToken, TokenError, verifyChannelToken, type ChannelAuth } from './tokens.ts';

export interface SocketDeps {
  jwt: JwtTools;
  keys: ApiKeys;
  catalog: Catalog;
  registry: Registry;
  presence: Presence;
  log: (message: string) => void;
}

/**
 * Dead connections are found with WebSocket pings (answered by the browser itself, even in a
 * background tab whose timers, and so whose Phoenix heartbeats, are throttled): a socket that
 * neither answers a ping nor sends anything for a whole interval is dropped.
 */
const PING_INTERVAL_MS = 30_000;
/** A reader this far behind is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;

export class RealtimeSocket implements Transport {
  private channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private alive = true;
  private pingTimer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    /** the auth of the key the socket connected with (fallback token for joins) */
    private readonly socketAuth: ChannelAuth,
    private readonly deps: SocketDeps,
  ) {
    ws.binaryType = 'nodebuffer';
    ws.on('message', (data, isBinary) => {
      this.alive = true;
      const buf = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data);
      this.queue = this.queue
        .then(() => this.onFrame(buf, isBinary))
        .catch((err) => this.deps.log(`socket frame failed: ${err?.stack ?? err}`));
    });
    ws.on('close', () => this.teardown());
    ws.on('error', () => this.teardown());
    ws.on('pong', () => (this.alive = true));
    this.pingTimer = setInterval(() => {
      if (!this.alive) {
        this.ws.terminate();
        return;
      }
      this.alive = false;
      this.ws.ping();
    }, PING_INTERVAL_MS);
    this.pingTimer.unref();
  }

  send(data: string | Buffer) {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.deps.log('closing a socket that does not keep up with its messages');
      this.ws.terminate();
      return;
    }
    this.ws.send(data);
  }

  /** Server-side disconnect (stack shutdown). */
  close(code = 1001, reason = 'server shutting down') {
    this.ws.close(code, reason);
    this.teardown();
  }

  private teardown() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pingTimer);
    for (const ch of this.channels.values()) this.dropChannel(ch);
    this.channels.clear();
  }

  private reply(m: PhxMessage, status: 'ok' | 'error', response: unknown) {
    this.send(
      encode(this.vsn, {
        joinRef: m.joinRef,
        ref: m.ref,
        topic: m.topic,
        event: 'phx_reply',
        payload: { status, response },
      }),
    );
  }

  private async onFrame(buf: Buffer, isBinary: boolean) {
    if (this.closed) return;
    let m: DecodedFrame;
    try {
      m = isBinary && this.vsn === '2.0.0' ? decodeBinary(buf) : decodeText(this.vsn, buf.toString('utf8'));
    } catch (err) {
      if (err instanceof ProtocolError) {
        this.deps.log(`ignoring a malformed frame: ${err.message}`);
        return;
      }
      throw err;
    }

    if (m.topic === 'phoenix') {
      if (m.event === 'heartbeat') this.reply(m, 'ok', {});
      return;
    }
    if (m.event === 'phx_join') return this.join(m);

    const ch = this.channels.get(m.topic);
    if (!ch || (m.joinRef !== null && ch.joinRef !== null && m.joinRef !== ch.joinRef)) {
      this.reply(m, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (m.event) {
      case 'phx_leave':
        this.removeChannel(ch);
        this.reply(m, 'ok', {});
        return;
      case 'access_token':
        return this.refreshToken(ch, fieldsOf(m.payload).access_token);
      case 'broadcast': {
        const p = fieldsOf(m.payload);
        if (typeof p.event === 'string') {
          fanOut(
            this.deps.registry,
            ch.topic,
            ch.opts.isPrivate,
            { event: p.event, payload: p.payload, binary: m.binary, meta: p.meta },
            ch,
          );
        }
        if (ch.opts.broadcastAck) this.reply(m, 'ok', {});
        return;
      }
      case 'presence': {
        const p = fieldsOf(m.payload);
        if (p.event === 'track') {
          if (!ch.presenceEnabled) {
            ch.presenceEnabled = true;
            this.deps.presence.sendState(ch);
          }
          this.deps.presence.track(ch, p.payload);
        } else if (p.event === 'untrack') {
          this.deps.presence.untrack(ch);
        }
        this.reply(m, 'ok', {});
        return;
      }
      default:
        // hosted Realtime ignores other client events without a reply
        return;
    }
  }

  private async join(m: DecodedFrame) {
    if (!m.topic.startsWith('realtime:')) {
      this.reply(m, 'error', { reason: 'unmatched topic' });
      return;
    }
    const previous = this.channels.get(m.topic);
    if (previous) {
      // a second join of a topic replaces the first, which is closed
      this.removeChannel(previous);
      this.send(encodeRaw(this.vsn, previous.joinRef, previous.joinRef, previous.topic, 'phx_close', '{}'));
    }
    const subTopic = m.topic.slice('realtime:'.length);
    if (subTopic === '') {
      this.reply(m, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
      return;
    }
    const payload = fieldsOf(m.payload);
    const config = fieldsOf(payload.config);
    if (config.private === true) {
      this.reply(m, 'error', {
        reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`,
      });
      return;
    }

    let auth: ChannelAuth;
    try {
      auth = await this.tokenAuth(payload.access_token ?? payload.user_token ?? null);
    } catch (err) {
      if (err instanceof TokenError) {
        this.reply(m, 'error', { reason: err.reason });
        return;
      }
      throw err;
    }
    if (this.closed) return;

    // Bindings: echoed in the reply whatever happens; live only if they all check out.
    const requested: unknown[] = Array.isArray(config.postgres_changes)
      ? config.postgres_changes.filter((p: unknown) => p != null)
      : [];
    const { bindings, error: bindingError } = await prepareBindings(this.deps.catalog, requested, auth.role);
    if (this.closed) return;

    const presenceCfg = fieldsOf(config.presence);
    const broadcastCfg = fieldsOf(config.broadcast);
    const ch = new Channel(this, m.topic, m.joinRef ?? m.ref, auth, {
      isPrivate: false,
      broadcastSelf: broadcastCfg.self === true,
      broadcastAck: broadcastCfg.ack === true,
      presenceKey:
        typeof presenceCfg.key === 'string' && presenceCfg.key !== '' ? presenceCfg.key : randomUUID(),
      presenceEnabled: presenceCfg.enabled === true,
    });
    this.channels.set(m.topic, ch);
    this.deps.registry.add(ch);
    if (!bindingError) {
      ch.pgBindings = bindings;
      this.deps.registry.indexChanges(ch);
    }
    ch.scheduleExpiry(() => this.shutdown(ch, expiredError(ch.auth.exp!).message));

    const response =
      requested.length > 0
        ? {
            postgres_changes: requested.map((params) => ({
              ...(params as object),
              id: typeof params === 'object' ? bindingId(params as Record<string, unknown>) : 0,
            })),
          }
        : {};
    this.reply(m, 'ok', response);
    if (ch.presenceEnabled) this.deps.presence.sendState(ch);
    // opt-in notice that changes are flowing (capture is always on here)
    if (broadcastCfg.replication_ready === true)
      ch.system('system', 'ok', 'Replication connection established');
    if (requested.length > 0) {
      if (bindingError) ch.system('postgres_changes', 'error', bindingError);
      else ch.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    }
  }

  /** The claims a join runs with: its token, or the socket's key when it sends none. */
  private async tokenAuth(token: unknown): Promise<ChannelAuth> {
    if (typeof token !== 'string' || token === '') return this.socketAuth;
    if (isApiKeyToken(token) && token !== this.deps.keys.publishable && token !== this.deps.keys.secret)
      return this.socketAuth;
    return verifyChannelToken(this.deps.jwt, this.deps.keys, token);
  }

  private async refreshToken(ch: Channel, token: unknown) {
    // as hosted: null tokens, API keys and the current token change nothing
    if (typeof token !== 'string' || token === '' || isApiKeyToken(token) || token === ch.auth.token) return;
    let auth: ChannelAuth;
    try {
      auth = await verifyChannelToken(this.deps.jwt, this.deps.keys, token);
    } catch (err) {
      if (err instanceof TokenError) {
        this.shutdown(ch, err.message);
        return;
      }
      throw err;
    }
    if (ch.closed) return;
    ch.auth = auth;
    ch.scheduleExpiry(() => this.shutdown(ch, expiredError(ch.auth.exp!).message));
    if (ch.pgBindings.length) ch.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
  }

  /** Closes a channel from the server side: a system error, then phx_close. */
  shutdown(ch: Channel, message: string) {
    if (ch.closed) return;
    ch.system('system', 'error', message);
    this.send(encodeRaw(this.vsn, ch.joinRef, ch.joinRef, ch.topic, 'phx_close', '{}'));
    this.removeChannel(ch);
  }

  private removeChannel(ch: Channel) {
    if (this.channels.get(ch.topic) === ch) this.channels.delete(ch.topic);
    this.dropChannel(ch);
  }

  private dropChannel(ch: Channel) {
    if (ch.closed) return;
    ch.closed = true;
    ch.clearExpiry();
    this.deps.registry.remove(ch);
    this.deps.presence.untrack(ch);
  }
}

// Broadcast (wire contract §4.8): a message sent on a topic reaches every channel joined to
// that topic on any socket, the sender's own channel only with `broadcast.self`. Binary
// pushes (kind 3) go out to vsn 2 sockets as binary kind 4; JSON ones as text frames.
// Also the REST entry points realtime-js uses when a channel is not joined.
import type { ApiKeys, JwtTools } from '../jwt.ts';
import { resolveRequestAuth } from '../jwt.ts';
import { header, HttpError, parseJsonText, readBody, sendEmpty, sendJson, type Ctx } from '../http.ts';
import type { Channel } from './channel.ts';
import { encodeBinaryBroadcast, encodeRaw, type BinaryBroadcast } from './protocol.ts';
import type { Registry } from './registry.ts';

export interface OutgoingBroadcast {
  event: string;
  /** parsed JSON payload (JSON broadcasts) */
  payload?: unknown;
  /** raw form of a binary push, relayed as is */
  binary?: BinaryBroadcast;
  meta?: unknown;
}

const MAX_REST_BODY = 3 * 1024 * 1024;

export function fanOut(
  registry: Registry,
  topic: string,
  isPrivate: boolean,
  msg: OutgoingBroadcast,
  sender: Channel | null,
) {
  let text: string | null = null;
  const textNoJoin: Partial<Record<string, string>> = {};
  let bin: Buffer | null | undefined;
  for (const ch of registry.channelsOn(topic, isPrivate)) {
    if (ch === sender && !ch.opts.broadcastSelf) continue;
    if (ch.closed) continue;
    if (msg.binary && ch.vsn === '2.0.0') {
      if (bin === undefined) bin = encodeBinaryBroadcast(topic, msg.binary);
      if (bin) {
        ch.transport.send(bin);
        continue;
      }
    }
    if (msg.binary && msg.binary.encoding !== 1) continue; // raw bytes cannot travel in JSON
    if (text === null) {
      text = JSON.stringify({
        type: 'broadcast',
        event: msg.event,
        payload: msg.payload ?? {},
        ...(msg.meta !== undefined ? { meta: msg.meta } : {}),
      });
    }
    let frame = textNoJoin[ch.vsn];
    if (frame === undefined) {
      frame = encodeRaw(ch.vsn, null, null, topic, 'broadcast', text);
      textNoJoin[ch.vsn] = frame;
    }
    ch.transport.send(frame);
  }
}

/**
 * POST /api/broadcast                          {messages:[{topic, event, payload, private}]}
 * POST /api/broadcast/<topic>/events/<event>   body = the payload (JSON or bytes)
 * Both answer 202 with no body.
 */
export async function handleRestBroadcast(
  c: Ctx,
  deps: { registry: Registry; jwt: JwtTools; keys: ApiKeys },
): Promise<boolean> {
  const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(c.path);
  if (c.path !== '/api/broadcast' && c.path !== '/api/broadcast/' && !single) return false;
  if (c.method !== 'POST') {
    sendJson(c.res, 405, { message: 'Method not allowed' });
    return true;
  }
  try {
    await resolveRequestAuth(deps.jwt, deps.keys, header(c.req, 'authorization'), header(c.req, 'apikey'));
  } catch (err) {
    sendJson(c.res, 401, { message: err instanceof Error ? err.message : 'Unauthorized' });
    return true;
  }

  try {
    broadcastFromBody(c, deps, single, await readBody(c.req, MAX_REST_BODY));
  } catch (err) {
    // too large (413, answered from Content-Length), not JSON or nested too deeply (400)
    if (!(err instanceof HttpError)) throw err;
    sendJson(c.res, err.status, { message: err.message });
  }
  return true;
}

function broadcastFromBody(
  c: Ctx,
  deps: { registry: Registry },
  single: RegExpExecArray | null,
  body: Buffer,
): void {
  if (single) {
    const topic = decodePart(single[1]);
    const event = decodePart(single[2]);
    const isPrivate = c.url.searchParams.get('private') === 'true';
    if (isPrivate) return void forbiddenPrivate(c);
    const isJson = !/octet-stream/i.test(header(c.req, 'content-type') ?? '');
    if (isJson) {
      fanOut(deps.registry, `realtime:${topic}`, false, { event, payload: parseJson(body) }, null);
    } else {
      fanOut(
        deps.registry,
        `realtime:${topic}`,
        false,
        { event, binary: { userEvent: event, metadata: '', encoding: 0, body } },
        null,
      );
    }
    sendEmpty(c.res, 202);
    return;
  }

  const parsed = parseJson(body) as { messages?: unknown } | undefined;
  const messages = parsed?.messages;
  if (!Array.isArray(messages)) {
    sendJson(c.res, 422, { message: 'messages must be a list of {topic, event, payload}' });
    return;
  }
  for (const m of messages) {
    if (!m || typeof m.topic !== 'string' || typeof m.event !== 'string') {
      sendJson(c.res, 422, { message: 'each message needs a topic and an event' });
      return;
    }
  }
  if (messages.some((m) => m.private === true)) return void forbiddenPrivate(c);
  for (const m of messages) {
    fanOut(deps.registry, `realtime:${m.topic}`, false, { event: m.event, payload: m.payload ?? {} }, null);
  }
  sendEmpty(c.res, 202);
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new HttpError(400, 'Malformed topic or event in the path');
  }
}

function parseJson(body: Buffer): unknown {
  if (body.length === 0) return {};
  return parseJsonText(body.toString('utf8'));
}

function forbiddenPrivate(c: Ctx): true {
  sendJson(c.res, 403, { message: 'Private channels are not supported by the local stack' });
  return true;
}

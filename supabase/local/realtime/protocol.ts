// The Phoenix wire format as realtime-js speaks it (wire contract §4.2).
// vsn 2.0.0: text frames are JSON arrays [join_ref, ref, topic, event, payload]; client
//   broadcasts arrive as binary "user broadcast push" frames (kind 3) and the server may
//   answer broadcasts with binary "user broadcast" frames (kind 4).
// vsn 1.0.0: text frames are JSON objects {topic, event, payload, ref, join_ref}.

import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../http.ts';

export type Vsn = '1.0.0' | '2.0.0';

export interface PhxMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  /** any JSON value: read its fields through fieldsOf, checking each */
  payload: unknown;
}

/** A JSON value's fields: the value itself when it is an object, otherwise none. */
export function fieldsOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** A user broadcast decoded from a binary kind-3 frame, kept raw so it can be relayed as kind 4. */
export interface BinaryBroadcast {
  userEvent: string;
  /** JSON text of metadata, '' when absent */
  metadata: string;
  /** 1 = JSON payload, 0 = raw bytes */
  encoding: number;
  body: Buffer;
}

export interface DecodedFrame extends PhxMessage {
  binary?: BinaryBroadcast;
}

export class ProtocolError extends Error {}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const JSON_ENCODING = 1;

export function parseVsn(value: string | null | undefined): Vsn | null {
  if (!value || value === '1.0.0') return '1.0.0';
  if (value === '2.0.0') return '2.0.0';
  return null;
}

const asRef = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export function decodeText(vsn: Vsn, text: string): DecodedFrame {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH))
    throw new ProtocolError(`frame nested deeper than ${MAX_JSON_DEPTH} levels`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5)
      throw new ProtocolError('expected [join_ref, ref, topic, event, payload]');
    const [joinRef, ref, topic, event, payload] = parsed;
    if (typeof topic !== 'string' || typeof event !== 'string')
      throw new ProtocolError('topic and event must be strings');
    return { joinRef: asRef(joinRef), ref: asRef(ref), topic, event, payload: payload ?? {} };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ProtocolError('expected a JSON object');
  const m = parsed as Record<string, unknown>;
  if (typeof m.topic !== 'string' || typeof m.event !== 'string')
    throw new ProtocolError('topic and event must be strings');
  return {
    joinRef: asRef(m.join_ref),
    ref: asRef(m.ref),
    topic: m.topic,
    event: m.event,
    payload: m.payload ?? {},
  };
}

/**
 * Binary kind 3: u8 kind, u8 len(join_ref), u8 len(ref), u8 len(topic), u8 len(event),
 * u8 len(metadata), u8 encoding, then those strings and the payload bytes. The client writes
 * each string one char code per byte, so they are read back as latin1.
 */
export function decodeBinary(buf: Buffer): DecodedFrame {
  if (buf.length < 7 || buf[0] !== KIND_USER_BROADCAST_PUSH)
    throw new ProtocolError('unsupported binary frame');
  const lens = [buf[1], buf[2], buf[3], buf[4], buf[5]];
  const encoding = buf[6];
  let offset = 7;
  const parts: string[] = [];
  for (const len of lens) {
    if (offset + len > buf.length) throw new ProtocolError('truncated binary frame');
    parts.push(buf.toString('latin1', offset, offset + len));
    offset += len;
  }
  const [joinRef, ref, topic, userEvent, metadata] = parts;
  const body = buf.subarray(offset);
  let payload: unknown = body;
  if (encoding === JSON_ENCODING) {
    if (jsonDepthExceeds(body.toString('utf8'), MAX_JSON_DEPTH))
      throw new ProtocolError('broadcast payload nested too deeply');
    try {
      payload = body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      throw new ProtocolError('broadcast payload is not JSON');
    }
  }
  const meta = metadata ? safeJson(metadata) : undefined;
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event: userEvent, payload, ...(meta !== undefined ? { meta } : {}) },
    binary: { userEvent, metadata, encoding, body: Buffer.from(body) },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One text frame; payloadJson is already-serialised JSON (built once, sent to many). */
export function encodeRaw(
  vsn: Vsn,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payloadJson: string,
): string {
  if (vsn === '2.0.0') {
    return `[${JSON.stringify(joinRef)},${JSON.stringify(ref)},${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`;
  }
  return `{"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${payloadJson},"ref":${JSON.stringify(ref)}${
    joinRef === null ? '' : `,"join_ref":${JSON.stringify(joinRef)}`
  }}`;
}

export function encode(vsn: Vsn, m: PhxMessage): string {
  return encodeRaw(vsn, m.joinRef, m.ref, m.topic, m.event, JSON.stringify(m.payload));
}

/**
 * Binary kind 4 (server → client user broadcast): u8 kind, u8 len(topic), u8 len(event),
 * u8 len(metadata), u8 encoding, then topic, event, metadata and payload bytes. Returns null
 * when a field does not fit in a length byte (the caller then sends a text frame).
 */
export function encodeBinaryBroadcast(topic: string, b: BinaryBroadcast): Buffer | null {
  const t = Buffer.from(topic, 'utf8');
  const e = Buffer.from(b.userEvent, 'utf8');
  const m = Buffer.from(b.metadata, 'utf8');
  if (t.length > 255 || e.length > 255 || m.length > 255) return null;
  const header = Buffer.from([KIND_USER_BROADCAST, t.length, e.length, m.length, b.encoding]);
  return Buffer.concat([header, t, e, m, b.body]);
}

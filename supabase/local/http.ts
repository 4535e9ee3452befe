// Small HTTP helpers shared by the services of the local stack (plain node:http, no
// framework: the REST path is the hot one and stays close to the socket).
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Database } from './db/database.ts';
import { isLoopback, type StackConfig } from './config.ts';
import type { ApiKeys, JwtTools } from './jwt.ts';

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** path below the service's mount, starting with '/', still percent-encoded */
  path: string;
  /** raw query string without '?' */
  search: string;
  url: URL;
}

export interface Service {
  handle(ctx: Ctx): Promise<void>;
  /** WebSocket upgrades below the mount (realtime) */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, path: string): void;
  close?(): Promise<void>;
}

/** What every service gets: settings, the database, keys, the mailbox and a logger. */
export interface StackContext {
  config: StackConfig;
  db: Database;
  jwt: JwtTools;
  keys: ApiKeys;
  /** base URL of the stack as clients reach it, e.g. http://localhost:54321 */
  url: string;
  mail: Mailer;
  log: (scope: string, message: string) => void;
  /** run fn when the stack stops */
  onClose(fn: () => Promise<void> | void): void;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** what the mail is for: confirmation, recovery, magic_link, email_change, invite, notice */
  kind: string;
  /** the action links the mail carries, so tests and people can follow them */
  links: string[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ id: string }>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const responses = new WeakMap<IncomingMessage, ServerResponse>();
const refusedBodies = new WeakSet<IncomingMessage>();

/** server.ts pairs each request with its response, so code that holds the request can close the connection. */
export function pairResponse(req: IncomingMessage, res: ServerResponse) {
  responses.set(req, res);
}

/**
 * Gives up on the rest of a request body: the answer goes out at once and the connection
 * closes after it, instead of reading (draining) whatever the client still sends. A client
 * that declares 200 MB gets its refusal immediately and holds no socket open.
 */
export function refuseUnreadBody(req: IncomingMessage) {
  refusedBodies.add(req);
  const res = responses.get(req);
  if (res && !res.headersSent) res.setHeader('Connection', 'close');
}

/** Whether refuseUnreadBody gave up on this request's body. */
export function bodyRefused(req: IncomingMessage): boolean {
  return refusedBodies.has(req);
}

/** The Content-Length the client declared, or null (chunked, missing or malformed). */
export function declaredLength(req: IncomingMessage): number | null {
  const v = req.headers['content-length'];
  if (v === undefined || !/^\d+$/.test(v)) return null;
  return Number(v);
}

/** The largest body readBody takes unless told otherwise. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * How deep a JSON body may nest. Real payloads stay within a dozen levels; thousands of
 * levels overflow the stack of whatever walks the value next (JSON.stringify, jsonb), so
 * deeper bodies are refused before they are parsed.
 */
export const MAX_JSON_DEPTH = 256;

/**
 * The request body, at most `limit` bytes. A Content-Length over the limit is refused at
 * once, unread; a body that grows past it is refused as soon as it does. Either way the
 * connection closes after the 413 instead of the rest being read.
 */
export function readBody(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<Buffer> {
  const declared = declaredLength(req);
  if (declared !== null && declared > limit) {
    refuseUnreadBody(req);
    return Promise.reject(new HttpError(413, 'Payload too large'));
  }
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        chunks.length = 0;
        refuseUnreadBody(req);
        reject(new HttpError(413, 'Payload too large'));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(new HttpError(400, `Could not read the request body: ${err.message}`));
    };
    const onAborted = () => onError(new Error('the request was aborted'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  });
}

/**
 * Parses JSON text from a request, refusing (HttpError 400) malformed JSON and values nested
 * deeper than maxDepth — checked on the text first, so a hostile body costs one linear scan.
 */
export function parseJsonText(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  if (jsonDepthExceeds(text, maxDepth)) {
    throw new HttpError(400, `Could not parse request body as JSON: nested deeper than ${maxDepth} levels`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, `Could not parse request body as JSON: ${(err as Error).message}`);
  }
}

/** Whether the arrays and objects of a JSON text nest deeper than max (strings are skipped). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * Parses a JSON body; empty body → undefined; bad, too deep or too large → HttpError 400/413.
 * T is not checked: name a shape of `unknown` fields and test each before use.
 */
export async function readJson<T = unknown>(req: IncomingMessage, limit?: number): Promise<T | undefined> {
  const buf = await readBody(req, limit);
  if (buf.length === 0) return undefined;
  return parseJsonText(buf.toString('utf8')) as T;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}) {
  res.writeHead(status, headers);
  res.end();
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

/**
 * The caller's address, for rate limits. X-Forwarded-For is honoured only behind a proxy
 * the operator trusts (TRUST_PROXY=1); otherwise any caller could pick its own address.
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  const fwd = trustProxy ? header(req, 'x-forwarded-for') : undefined;
  return (fwd ? fwd.split(',')[0].trim() : req.socket.remoteAddress) ?? 'unknown';
}

export const EXPOSED_HEADERS = [
  'Content-Range',
  'Content-Location',
  'Content-Profile',
  'Preference-Applied',
  'Range-Unit',
  'Location',
  'Retry-After',
  'X-Supabase-Api-Version',
  'X-Relay-Error',
  'X-Sb-Error-Code',
  'Content-Disposition',
  'Content-Length',
  'ETag',
  'Last-Modified',
].join(', ');

/** CORS for a browser app on another origin; answers preflights itself. Returns true when done. */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = header(req, 'origin');
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS');
    res.setHeader(
      'Access-Control-Allow-Headers',
      header(req, 'access-control-request-headers') ??
        'authorization, apikey, x-client-info, content-type, accept, accept-profile, content-profile, prefer, range, x-supabase-api-version, x-upsert, cache-control, x-metadata, x-retry-count, x-region',
    );
    res.setHeader('Access-Control-Max-Age', '86400');
    res.writeHead(204);
    res.end();
    return true;
  }
  return false;
}

/** Whether the request's connection comes from this machine (127.0.0.0/8, ::1). */
export function fromThisMachine(req: IncomingMessage): boolean {
  const address = req.socket.remoteAddress;
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * The rule of every dev route (/_dev/…) that answers without a key: a request from this
 * machine is trusted only while the stack itself listens on loopback. Listening beyond it
 * (SUPABASE_HOST=0.0.0.0), a reverse proxy on the same machine makes every visitor's request
 * arrive from 127.0.0.1 (and X-Forwarded-For is whatever the visitor wrote), so there a dev
 * route takes only its key: LOCAL_FASHN_KEY, LOCAL_STRIPE_SECRET_KEY; the mailbox, which has
 * none, is closed unless DEV_MAILBOX_REMOTE=1 opens it.
 */
export function trustedAsThisMachine(req: IncomingMessage, stackHost: string): boolean {
  return isLoopback(stackHost) && fromThisMachine(req);
}

/** Whether `presented` is exactly the configured key (compared in constant time). */
export function isDevKey(presented: string | undefined, configured: string | null): boolean {
  if (!presented || configured === null) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(configured);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Why a dev service (the local FASHN endpoint, the Stripe stand-in's API) refuses a request,
 * or null when it takes it: with a configured key, exactly that key, from anywhere; without
 * one, any key, from this machine only. (The stack refuses to listen beyond loopback without
 * these keys, so the keyless case only ever meets a loopback stack: trustedAsThisMachine's rule.)
 */
export function devKeyRefusal(
  req: IncomingMessage,
  presented: string | undefined,
  configured: string | null,
): 'no_key' | 'wrong_key' | 'not_this_machine' | null {
  if (!presented) return 'no_key';
  if (configured === null) return fromThisMachine(req) ? null : 'not_this_machine';
  return isDevKey(presented, configured) ? null : 'wrong_key';
}

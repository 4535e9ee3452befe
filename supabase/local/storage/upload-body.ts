// Receives an upload into a temp file, the two ways storage-js sends one:
// - multipart/form-data: text fields `cacheControl` and `metadata` (JSON) and one file
//   part (its field name is "" from storage-js; the first file part is taken whatever its
//   name), whose own Content-Type is the object's type;
// - a raw body: Content-Type, Cache-Control and base64-JSON `x-metadata` headers.
// A body whose declared Content-Length cannot fit is refused at once, unread, and the
// connection closes after the answer. Otherwise the size limit and allowed MIME types are
// enforced while streaming; on a failure the temp file is removed and a little of what is
// left of the request is drained so the error can be sent (past that, the connection closes).
import busboy from 'busboy';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { bodyRefused, declaredLength, header, parseJsonText, refuseUnreadBody } from '../http.ts';
import type { FileStore } from './disk.ts';
import { ERR, errorMessage, StorageError } from './errors.ts';
import { mimeAllowed } from './keys.ts';

export interface UploadRules {
  maxBytes: number;
  allowedMimeTypes: string[] | null;
}

export interface ReceivedFile {
  temp: string;
  size: number;
  /** hex MD5 of the bytes, the object's ETag */
  md5: string;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

function parseMetadata(raw: string | undefined, base64: boolean): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value = parseJsonText(base64 ? Buffer.from(raw, 'base64').toString('utf8') : raw);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    throw ERR.invalidRequest('metadata is not valid JSON');
  }
}

/**
 * Streams source into a new temp file, counting and hashing; throws tooLarge past the
 * limit. On failure the source is left flowing (not destroyed): busboy stalls on a
 * destroyed file stream, and a request must be drained before the error is sent.
 */
async function writeTemp(source: Readable, store: FileStore, maxBytes: number) {
  const temp = store.tempPath();
  const hash = createHash('md5');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(ERR.tooLarge());
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const fail = (err: unknown) => meter.destroy(err instanceof Error ? err : new Error(String(err)));
  const aborted = () => fail(ERR.invalidRequest('the upload was aborted'));
  source.on('error', fail);
  source.on('aborted', aborted);
  source.pipe(meter);
  try {
    await pipeline(meter, createWriteStream(temp));
  } catch (err) {
    source.unpipe(meter);
    source.resume();
    await store.removeQuietly(temp);
    throw err;
  } finally {
    source.off('error', fail);
    source.off('aborted', aborted);
  }
  return { temp, size, md5: hash.digest('hex') };
}

/** Besides the file, a multipart body carries boundaries, part headers and small text fields. */
export const MULTIPART_ALLOWANCE = 1024 * 1024;

/** The most drain() reads of a refused body, and the longest it waits, before it closes the connection instead. */
const DRAIN_LIMIT = 1024 * 1024;
const DRAIN_MS = 1000;

/**
 * Refuses, from Content-Length alone, a body that cannot fit in maxBytes: nothing of it is
 * read, the 413 goes out at once and the connection closes after it.
 */
export function checkDeclaredSize(req: IncomingMessage, maxBytes: number): void {
  const declared = declaredLength(req);
  if (declared === null) return;
  const multipart = /^multipart\/form-data/i.test(header(req, 'content-type') ?? '');
  if (declared > maxBytes + (multipart ? MULTIPART_ALLOWANCE : 0)) {
    refuseUnreadBody(req);
    throw ERR.tooLargeDeclared();
  }
}

/**
 * Reads and discards what is left of the request, so a reply can follow an early error —
 * up to DRAIN_LIMIT bytes or DRAIN_MS; a client with more to send (or one that stalls) gets
 * the reply and a closed connection.
 */
export function drain(req: IncomingMessage): Promise<void> {
  if (req.readableEnded || req.destroyed || bodyRefused(req)) return Promise.resolve();
  return new Promise((resolve) => {
    let left = DRAIN_LIMIT;
    const done = () => {
      clearTimeout(timer);
      req.off('data', onData);
      resolve();
    };
    const giveUp = () => {
      refuseUnreadBody(req);
      done();
    };
    const timer = setTimeout(giveUp, DRAIN_MS);
    const onData = (chunk: Buffer) => {
      left -= chunk.length;
      if (left < 0) giveUp();
    };
    req.on('data', onData);
    req.on('end', done);
    req.on('close', done);
    req.on('error', done);
    req.resume();
  });
}

async function receiveRaw(req: IncomingMessage, store: FileStore, rules: UploadRules): Promise<ReceivedFile> {
  const mimetype = header(req, 'content-type') || 'application/octet-stream';
  if (!mimeAllowed(mimetype, rules.allowedMimeTypes)) throw ERR.invalidMime(mimetype);
  const userMetadata = parseMetadata(header(req, 'x-metadata'), true);
  const written = await writeTemp(req, store, rules.maxBytes);
  return { ...written, mimetype, cacheControl: header(req, 'cache-control') || 'no-cache', userMetadata };
}

function receiveMultipart(req: IncomingMessage, store: FileStore, rules: UploadRules): Promise<ReceivedFile> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      // one byte over the limit, so a file of exactly the limit is not reported as cut off
      bb = busboy({
        headers: req.headers,
        limits: { files: 1, fields: 20, fieldSize: 1 << 20, fileSize: rules.maxBytes + 1 },
      });
    } catch (err) {
      reject(ERR.invalidRequest(errorMessage(err) ?? 'malformed multipart body'));
      return;
    }
    const fields: Record<string, string> = {};
    let file: Promise<{ temp: string; size: number; md5: string } | null> | null = null;
    let mimetype = '';
    let failure: unknown = null;

    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (_name, stream, info) => {
      mimetype = info.mimeType;
      if (!mimeAllowed(mimetype, rules.allowedMimeTypes)) {
        failure ??= ERR.invalidMime(mimetype);
        stream.resume();
        return;
      }
      file = writeTemp(stream, store, rules.maxBytes).catch((err) => {
        failure ??= err;
        stream.resume();
        return null;
      });
    });
    bb.on('error', (err) => {
      failure ??= ERR.invalidRequest(errorMessage(err) ?? 'malformed multipart body');
      req.unpipe(bb);
      finish();
    });
    bb.on('close', finish);

    let finished = false;
    async function finish() {
      if (finished) return;
      finished = true;
      const written = await file;
      try {
        if (failure) throw failure;
        if (!written) throw ERR.invalidRequest('No content provided');
        const cacheControl = fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache';
        resolve({ ...written, mimetype, cacheControl, userMetadata: parseMetadata(fields.metadata, false) });
      } catch (err) {
        if (written) await store.removeQuietly(written.temp);
        reject(err);
      }
    }
    req.on('aborted', () => {
      failure ??= ERR.invalidRequest('the upload was aborted');
      bb.destroy();
      finish();
    });
    req.pipe(bb);
  });
}

/** The upload in a temp file, or a StorageError after the request has been drained. */
export async function receiveUpload(
  req: IncomingMessage,
  store: FileStore,
  rules: UploadRules,
): Promise<ReceivedFile> {
  const type = header(req, 'content-type') ?? '';
  checkDeclaredSize(req, rules.maxBytes);
  try {
    return /^multipart\/form-data/i.test(type)
      ? await receiveMultipart(req, store, rules)
      : await receiveRaw(req, store, rules);
  } catch (err) {
    await drain(req);
    throw err instanceof StorageError ? err : ERR.invalidRequest((err as Error)?.message ?? 'upload failed');
  }
}

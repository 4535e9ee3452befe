// Sends an object's bytes with the headers Supabase Storage sets (Content-Type,
// Content-Length, Cache-Control, ETag, Last-Modified), answers conditional requests with
// 304 and a single byte range with 206.
import type { FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { header } from '../http.ts';
import { ERR, sendStorageError } from './errors.ts';

export interface SendableFile {
  handle: FileHandle;
  size: number;
  mimetype: string;
  cacheControl: string;
  eTag: string;
  lastModified: Date;
  /** `?download` / `?download=name`: the attachment's file name */
  downloadAs: string | null;
}

type Range = { start: number; end: number } | 'unsatisfiable' | null;

/** A single `bytes=a-b`, `bytes=a-` or `bytes=-n`; several ranges are answered in full. */
export function parseRange(value: string | undefined, size: number): Range {
  const m = /^bytes=(\d*)-(\d*)$/.exec(value?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

function notModified(req: IncomingMessage, file: SendableFile): boolean {
  const inm = header(req, 'if-none-match');
  if (inm) return inm.split(',').some((t) => t.trim().replace(/^W\//, '') === file.eTag || t.trim() === '*');
  const ims = header(req, 'if-modified-since');
  if (ims) {
    const since = Date.parse(ims);
    return !Number.isNaN(since) && Math.floor(file.lastModified.getTime() / 1000) <= Math.floor(since / 1000);
  }
  return false;
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Writes the response and closes the handle. */
export async function sendFile(req: IncomingMessage, res: ServerResponse, file: SendableFile): Promise<void> {
  try {
    const headers: Record<string, string | number> = {
      'Content-Type': file.mimetype,
      'Cache-Control': file.cacheControl,
      ETag: file.eTag,
      'Last-Modified': file.lastModified.toUTCString(),
      'Accept-Ranges': 'bytes',
    };
    if (file.downloadAs !== null) headers['Content-Disposition'] = contentDisposition(file.downloadAs);
    if (notModified(req, file)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const range = parseRange(header(req, 'range'), file.size);
    if (range === 'unsatisfiable') {
      sendStorageError(res, ERR.invalidRange(), { 'Content-Range': `bytes */${file.size}` });
      return;
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? file.size - 1;
    headers['Content-Length'] = Math.max(0, end - start + 1);
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
    res.writeHead(range ? 206 : 200, headers);
    if (req.method === 'HEAD' || file.size === 0) {
      res.end();
      return;
    }
    await pipeline(file.handle.createReadStream({ start, end, autoClose: false }), res).catch(() =>
      res.destroy(),
    );
  } finally {
    await file.handle.close().catch(() => {});
  }
}

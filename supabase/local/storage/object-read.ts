// Finding an object to read. Authenticated reads run as the caller (the SELECT policies on
// storage.objects decide, and a hidden object is "not found"); public-bucket and
// signed-URL reads run as the service. The file is opened inside the same transaction,
// so a concurrent overwrite that deletes the old version cannot pull it away mid-read.
import type { FileHandle } from 'node:fs/promises';
import type { Database, Queryable } from '../db/database.ts';
import { asCaller, SERVICE, type RequestAuth } from './caller.ts';
import type { FileStore } from './disk.ts';
import { ERR, errorCode } from './errors.ts';
import type { ObjectMetadata } from './rows.ts';
import type { SendableFile } from './send-file.ts';

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Partial<ObjectMetadata> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

export interface OpenedObject {
  row: ObjectRow;
  handle: FileHandle;
}

async function selectObject(tx: Queryable, bucket: string, name: string): Promise<ObjectRow> {
  const { rows } = await tx.query<{ json: string }>(
    `select json_build_object('id', id, 'name', name, 'bucket_id', bucket_id, 'version', version,
       'metadata', metadata, 'user_metadata', user_metadata, 'created_at', created_at,
       'updated_at', updated_at)::text as json
     from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  if (!rows[0]) throw ERR.noSuchKey();
  return JSON.parse(rows[0].json) as ObjectRow;
}

async function openVersion(store: FileStore, row: ObjectRow): Promise<FileHandle> {
  if (!row.version) throw ERR.noSuchKey();
  try {
    return await store.open(row.bucket_id, row.name, row.version);
  } catch (err) {
    if (errorCode(err) === 'ENOENT') throw ERR.noSuchKey();
    throw err;
  }
}

/** The object's row, as `auth` may see it (SERVICE sees everything). */
export function findObject(
  db: Database,
  auth: RequestAuth,
  bucket: string,
  name: string,
): Promise<ObjectRow> {
  return asCaller(db, auth, (tx) => selectObject(tx, bucket, name));
}

/** Opens the object for reading as `auth`; `publicOnly` also requires a public bucket. */
export function openObject(
  db: Database,
  store: FileStore,
  auth: RequestAuth,
  bucket: string,
  name: string,
  opts: { publicOnly?: boolean } = {},
): Promise<OpenedObject> {
  return asCaller(db, opts.publicOnly ? SERVICE : auth, async (tx) => {
    if (opts.publicOnly) {
      const b = await tx.query('select 1 from storage.buckets where id = $1 and public', [bucket]);
      if (b.rows.length === 0) throw ERR.noSuchBucket();
    }
    const row = await selectObject(tx, bucket, name);
    return { row, handle: await openVersion(store, row) };
  });
}

/** What send-file needs, from an opened object and the request's `?download`. */
export async function sendable(opened: OpenedObject, query: URLSearchParams): Promise<SendableFile> {
  const m = opened.row.metadata ?? {};
  const size = (await opened.handle.stat()).size;
  const download = query.get('download');
  return {
    handle: opened.handle,
    size,
    mimetype: m.mimetype ?? 'application/octet-stream',
    cacheControl: m.cacheControl ?? 'no-cache',
    eTag: m.eTag ?? `"${opened.row.version}"`,
    lastModified: new Date(m.lastModified ?? opened.row.updated_at),
    downloadAs: download === null ? null : download || opened.row.name.split('/').pop()!,
  };
}

/** GET /object/info: the object's details in Supabase's snake_case shape. */
export function infoOf(row: ObjectRow) {
  const m = row.metadata ?? {};
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: m.size ?? null,
    content_type: m.mimetype ?? null,
    cache_control: m.cacheControl ?? null,
    etag: m.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: m.lastModified ?? row.updated_at,
    created_at: row.created_at,
  };
}

// The rows storage reads: buckets (looked up as the service, like Supabase Storage does
// before an upload) and the JSON shapes objects are returned in, built in SQL.
import type { Queryable } from '../db/database.ts';
import { ERR } from './errors.ts';

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

/** The bucket's settings regardless of the caller's policies; NoSuchBucket when absent. */
export async function findBucket(db: Queryable, id: string): Promise<BucketRow> {
  const { rows } = await db.query<{ json: string }>(
    `select json_build_object('id', id, 'public', public, 'file_size_limit', file_size_limit,
       'allowed_mime_types', allowed_mime_types)::text as json
     from storage.buckets where id = $1`,
    [id],
  );
  if (!rows[0]) throw ERR.noSuchBucket();
  return JSON.parse(rows[0].json) as BucketRow;
}

/** An object row as remove() returns it, from the row alias `a`. */
export function objectRowJson(a: string): string {
  return `json_build_object(
  'name', ${a}.name, 'id', ${a}.id, 'bucket_id', ${a}.bucket_id, 'owner', ${a}.owner, 'owner_id', ${a}.owner_id,
  'version', ${a}.version, 'created_at', ${a}.created_at, 'updated_at', ${a}.updated_at,
  'last_accessed_at', ${a}.last_accessed_at, 'metadata', ${a}.metadata, 'user_metadata', ${a}.user_metadata)`;
}

/** The metadata Supabase Storage keeps for an object's bytes. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export function objectMetadata(file: {
  size: number;
  md5: string;
  mimetype: string;
  cacheControl: string;
}): ObjectMetadata {
  return {
    eTag: `"${file.md5}"`,
    size: file.size,
    mimetype: file.mimetype,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.size,
    httpStatusCode: 200,
  };
}

// The buckets API (/bucket), run as the caller like everything else: storage.buckets has
// row-level security and no policies by default, so in practice it is the service role's
// (migrations are the usual way to create buckets, as on hosted Supabase).
import type { Database } from '../db/database.ts';
import { parseSize } from '../config.ts';
import { asCaller, SERVICE, type RequestAuth } from './caller.ts';
import { ERR, errorCode } from './errors.ts';
import { checkBucketId, ownerOf } from './keys.ts';

const BUCKET_JSON = `json_build_object('id', id, 'name', name, 'owner', owner, 'public', public,
  'file_size_limit', file_size_limit, 'allowed_mime_types', allowed_mime_types, 'type', type,
  'created_at', created_at, 'updated_at', updated_at)`;

export interface BucketBody {
  id?: unknown;
  name?: unknown;
  public?: unknown;
  file_size_limit?: unknown;
  allowed_mime_types?: unknown;
}

function sizeLimit(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  let n: number;
  try {
    n = parseSize(v);
  } catch {
    n = NaN;
  }
  if (!Number.isFinite(n) || n <= 0)
    throw ERR.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  return String(n);
}

function mimeTypes(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v) || !v.every((m) => typeof m === 'string' && /^[\w.+-]+\/[\w.+*-]+$/.test(m))) {
    throw ERR.invalidRequest('allowed_mime_types must be a list of MIME types such as image/png or image/*');
  }
  return JSON.stringify(v);
}

export async function listBuckets(db: Database, auth: RequestAuth): Promise<string> {
  const { rows } = await asCaller(db, auth, (tx) =>
    tx.query<{ json: string }>(
      `select coalesce(json_agg(${BUCKET_JSON} order by name), '[]')::text as json from storage.buckets`,
    ),
  );
  return rows[0].json;
}

export async function getBucket(db: Database, auth: RequestAuth, id: string): Promise<string> {
  const { rows } = await asCaller(db, auth, (tx) =>
    tx.query<{ json: string }>(`select ${BUCKET_JSON}::text as json from storage.buckets where id = $1`, [
      id,
    ]),
  );
  if (!rows[0]) throw ERR.noSuchBucket();
  return rows[0].json;
}

export async function createBucket(
  db: Database,
  auth: RequestAuth,
  body: BucketBody,
): Promise<{ name: string }> {
  const name = typeof body.name === 'string' ? body.name : '';
  const id = checkBucketId(typeof body.id === 'string' && body.id ? body.id : name);
  checkBucketId(name || id);
  const { owner, ownerId } = ownerOf(auth.claims.sub);
  try {
    await asCaller(db, auth, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3::uuid, $4, $5::boolean, $6::bigint,
                 case when $7::jsonb is null then null else array(select jsonb_array_elements_text($7::jsonb)) end)`,
        [
          id,
          name || id,
          owner,
          ownerId,
          String(body.public === true),
          sizeLimit(body.file_size_limit),
          mimeTypes(body.allowed_mime_types),
        ],
      ),
    );
  } catch (err) {
    if (errorCode(err) === '23505') throw ERR.bucketExists();
    throw err;
  }
  return { name: id };
}

export async function updateBucket(
  db: Database,
  auth: RequestAuth,
  id: string,
  body: BucketBody,
): Promise<void> {
  const { rowCount } = await asCaller(db, auth, (tx) =>
    tx.query(
      `update storage.buckets set
         public = coalesce($2::boolean, public),
         file_size_limit = case when $5 then $3::bigint else file_size_limit end,
         allowed_mime_types = case when $6 then
           (case when $4::jsonb is null then null else array(select jsonb_array_elements_text($4::jsonb)) end)
           else allowed_mime_types end,
         updated_at = now()
       where id = $1`,
      [
        id,
        typeof body.public === 'boolean' ? String(body.public) : null,
        sizeLimit(body.file_size_limit),
        mimeTypes(body.allowed_mime_types),
        String('file_size_limit' in body),
        String('allowed_mime_types' in body),
      ],
    ),
  );
  if (rowCount === 0) throw ERR.noSuchBucket();
}

export async function deleteBucket(db: Database, auth: RequestAuth, id: string): Promise<void> {
  const objects = await asCaller(db, SERVICE, (tx) =>
    tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]),
  );
  if (objects.rows.length > 0) throw ERR.bucketNotEmpty();
  const { rowCount } = await asCaller(db, auth, (tx) =>
    tx.query('delete from storage.buckets where id = $1', [id]),
  );
  if (rowCount === 0) throw ERR.noSuchBucket();
}

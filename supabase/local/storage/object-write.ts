// Writing an object: upload (POST, x-upsert), update (PUT), and the upload half of a
// signed upload URL all come here. The bytes go to a temp file first; then one
// transaction as the caller records the new version (policies decide) and renames the
// file into place; only after the commit is the replaced version's file deleted. Any
// failure removes the new file and rolls back, so a row never points at missing bytes.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Database } from '../db/database.ts';
import { asCaller, type RequestAuth } from './caller.ts';
import type { FileStore } from './disk.ts';
import { ERR } from './errors.ts';
import { ownerOf } from './keys.ts';
import { findBucket, objectMetadata } from './rows.ts';
import { checkDeclaredSize, receiveUpload } from './upload-body.ts';

export type WriteMode = 'create' | 'upsert' | 'update';

export interface WriteRequest {
  auth: RequestAuth;
  bucket: string;
  name: string;
  mode: WriteMode;
  /** owner recorded for the object; defaults to the caller's JWT subject */
  ownerSub?: unknown;
}

export interface WriteDeps {
  db: Database;
  store: FileStore;
  /** the stack-wide cap (config.storage.fileSizeLimit) */
  maxFileSize: number;
}

const COLUMNS = `bucket_id, name, owner, owner_id, metadata, user_metadata, version`;
const VALUES = `$1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, $7`;
const SET_ALL = `owner = $3::uuid, owner_id = $4, metadata = $5::jsonb, user_metadata = $6::jsonb,
  version = $7, updated_at = now(), last_accessed_at = now()`;

const SQL: Record<WriteMode, string> = {
  create: `insert into storage.objects (${COLUMNS}) values (${VALUES}) returning id::text`,
  upsert: `insert into storage.objects (${COLUMNS}) values (${VALUES})
    on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
      metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
      updated_at = now(), last_accessed_at = now()
    returning id::text`,
  update: `update storage.objects set ${SET_ALL} where bucket_id = $1 and name = $2 returning id::text`,
};

/**
 * Whether `auth` may write the object (INSERT, or with `upsert` also UPDATE of an existing
 * row), asked before issuing a signed upload URL — the URL's holder writes as the service,
 * so the caller's policies are checked here, as Supabase Storage does when it signs. The
 * probe row is written in a transaction that is always rolled back; a policy refusal
 * throws the same error an upload would.
 */
export async function checkCanWrite(
  db: Database,
  w: Omit<WriteRequest, 'mode'> & { upsert: boolean },
): Promise<void> {
  const probe = new Error('probe');
  const { owner, ownerId } = ownerOf(w.ownerSub === undefined ? w.auth.claims.sub : w.ownerSub);
  try {
    await asCaller(db, w.auth, async (tx) => {
      const { rows } = await tx.query(SQL[w.upsert ? 'upsert' : 'create'], [
        w.bucket,
        w.name,
        owner,
        ownerId,
        '{}',
        null,
        randomUUID(),
      ]);
      if (!rows[0]) throw ERR.noSuchKey();
      throw probe;
    });
  } catch (err) {
    if (err !== probe) throw err;
  }
}

export async function writeObject(
  deps: WriteDeps,
  req: IncomingMessage,
  w: WriteRequest,
): Promise<{ id: string }> {
  checkDeclaredSize(req, deps.maxFileSize); // over the stack-wide cap: no need to ask the database
  const bucket = await findBucket(deps.db, w.bucket);
  const limit = Math.min(bucket.file_size_limit ?? Infinity, deps.maxFileSize);
  const file = await receiveUpload(req, deps.store, {
    maxBytes: limit,
    allowedMimeTypes: bucket.allowed_mime_types,
  });

  const version = randomUUID();
  const { owner, ownerId } = ownerOf(w.ownerSub === undefined ? w.auth.claims.sub : w.ownerSub);
  const params = [
    w.bucket,
    w.name,
    owner,
    ownerId,
    JSON.stringify(objectMetadata(file)),
    file.userMetadata ? JSON.stringify(file.userMetadata) : null,
    version,
  ];

  // what the transaction did, for the clean-up after it
  const done = { placed: null as string | null, replaced: null as string | null };
  try {
    const id = await asCaller(deps.db, w.auth, async (tx) => {
      if (w.mode !== 'create') {
        // Lock the current row (when the caller may see it) and remember its version.
        const current = await tx.query<{ version: string | null }>(
          `select version from storage.objects where bucket_id = $1 and name = $2 for update`,
          [w.bucket, w.name],
        );
        done.replaced = current.rows[0]?.version ?? null;
      }
      const { rows } = await tx.query<{ id: string }>(SQL[w.mode], params);
      if (!rows[0]) throw ERR.noSuchKey();
      done.placed = await deps.store.place(file.temp, w.bucket, w.name, version);
      return rows[0].id;
    });
    if (done.replaced && done.replaced !== version)
      await deps.store.removeVersion(w.bucket, w.name, done.replaced);
    return { id };
  } catch (err) {
    await deps.store.removeQuietly(file.temp);
    if (done.placed) await deps.store.removeQuietly(done.placed);
    throw err;
  }
}

// POST /object/move and /object/copy, body {bucketId, sourceKey, destinationKey,
// destinationBucket?}. As in Supabase's access-control table, move needs SELECT and UPDATE
// on the object (it is an update of its bucket and name, so the policies see both the old
// and the new name), copy needs SELECT on the source and INSERT on the destination.
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database.ts';
import { asCaller, type RequestAuth } from './caller.ts';
import type { FileStore } from './disk.ts';
import { ERR, errorCode } from './errors.ts';
import { checkBucketId, checkObjectName, ownerOf } from './keys.ts';
import { findObject } from './object-read.ts';

export interface Transfer {
  bucket: string;
  from: string;
  toBucket: string;
  to: string;
}

export interface TransferBody {
  bucketId?: unknown;
  sourceKey?: unknown;
  destinationKey?: unknown;
  destinationBucket?: unknown;
}

export function readTransfer(body: TransferBody | null | undefined): Transfer {
  if (
    !body ||
    typeof body.bucketId !== 'string' ||
    typeof body.sourceKey !== 'string' ||
    typeof body.destinationKey !== 'string'
  ) {
    throw ERR.invalidRequest('body must have bucketId, sourceKey and destinationKey');
  }
  const bucket = checkBucketId(body.bucketId);
  return {
    bucket,
    from: checkObjectName(body.sourceKey),
    toBucket:
      typeof body.destinationBucket === 'string' && body.destinationBucket
        ? checkBucketId(body.destinationBucket)
        : bucket,
    to: checkObjectName(body.destinationKey),
  };
}

export async function moveObject(
  db: Database,
  store: FileStore,
  auth: RequestAuth,
  t: Transfer,
): Promise<void> {
  if (t.bucket === t.toBucket && t.from === t.to) return;
  const moved = { version: null as string | null, renamed: false };
  try {
    await asCaller(db, auth, async (tx) => {
      const { rows } = await tx.query<{ version: string | null }>(
        `update storage.objects set bucket_id = $3, name = $4, updated_at = now(), last_accessed_at = now()
         where bucket_id = $1 and name = $2 returning version`,
        [t.bucket, t.from, t.toBucket, t.to],
      );
      if (!rows[0]) throw ERR.noSuchKey();
      moved.version = rows[0].version;
      if (moved.version) {
        const dest = store.versionPath(t.toBucket, t.to, moved.version);
        await fs.mkdir(path.dirname(dest), { recursive: true });
        await fs.rename(store.versionPath(t.bucket, t.from, moved.version), dest);
        moved.renamed = true;
      }
    });
  } catch (err) {
    if (moved.renamed && moved.version) {
      // the commit failed after the file moved: put it back where the row still points
      await fs
        .rename(
          store.versionPath(t.toBucket, t.to, moved.version),
          store.versionPath(t.bucket, t.from, moved.version),
        )
        .catch(() => {});
    }
    throw err;
  }
  // rendered images of the old location, and its now-empty folders
  await store.removeVersion(t.bucket, t.from, moved.version);
}

export async function copyObject(
  db: Database,
  store: FileStore,
  auth: RequestAuth,
  t: Transfer,
): Promise<{ id: string }> {
  const source = await findObject(db, auth, t.bucket, t.from);
  if (!source.version) throw ERR.noSuchKey();
  const temp = store.tempPath();
  try {
    await fs.copyFile(store.versionPath(t.bucket, t.from, source.version), temp);
  } catch (err) {
    await store.removeQuietly(temp);
    throw errorCode(err) === 'ENOENT' ? ERR.noSuchKey() : err;
  }
  const version = randomUUID();
  const { owner, ownerId } = ownerOf(auth.claims.sub);
  const metadata = { ...source.metadata, lastModified: new Date().toISOString() };
  const done = { placed: null as string | null };
  try {
    return await asCaller(db, auth, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, $7) returning id::text`,
        [
          t.toBucket,
          t.to,
          owner,
          ownerId,
          JSON.stringify(metadata),
          source.user_metadata ? JSON.stringify(source.user_metadata) : null,
          version,
        ],
      );
      done.placed = await store.place(temp, t.toBucket, t.to, version);
      return { id: rows[0].id };
    });
  } catch (err) {
    await store.removeQuietly(temp);
    if (done.placed) await store.removeQuietly(done.placed);
    throw err;
  }
}

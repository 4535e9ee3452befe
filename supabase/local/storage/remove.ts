// Removing objects: rows are deleted as the caller (DELETE policies decide; what they hide is
// skipped silently), and the files of the deleted versions only after the commit, so a row
// never outlives its bytes.
import type { Database } from '../db/database.ts';
import { asCaller, type RequestAuth } from './caller.ts';
import type { FileStore } from './disk.ts';
import { objectRowJson } from './rows.ts';

interface Removed {
  name: string;
  bucket_id: string;
  version: string | null;
}

/** Deletes the named objects; returns the deleted rows as JSON text (possibly `[]`). */
export async function removeObjects(
  db: Database,
  store: FileStore,
  auth: RequestAuth,
  bucket: string,
  names: string[],
): Promise<string> {
  const { rows } = await asCaller(db, auth, (tx) =>
    tx.query<{ json: string }>(
      `with d as (
         delete from storage.objects o
         where o.bucket_id = $1 and o.name in (select jsonb_array_elements_text($2::jsonb))
         returning o.*
       )
       select coalesce(json_agg(${objectRowJson('d')}), '[]')::text as json from d`,
      [bucket, JSON.stringify(names)],
    ),
  );
  const json = rows[0].json;
  await removeFiles(store, JSON.parse(json) as Removed[]);
  return json;
}

/** Deletes every object of a bucket the caller may delete (POST /bucket/{id}/empty). */
export async function emptyBucket(
  db: Database,
  store: FileStore,
  auth: RequestAuth,
  bucket: string,
): Promise<void> {
  const { rows } = await asCaller(db, auth, (tx) =>
    tx.query<{ json: string }>(
      `with d as (delete from storage.objects where bucket_id = $1 returning name, bucket_id, version)
       select coalesce(json_agg(d), '[]')::text as json from d`,
      [bucket],
    ),
  );
  await removeFiles(store, JSON.parse(rows[0].json) as Removed[]);
}

async function removeFiles(store: FileStore, removed: Removed[]) {
  for (const r of removed) await store.removeVersion(r.bucket_id, r.name, r.version);
}

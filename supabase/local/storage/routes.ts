// The Storage API's routes (below /storage/v1), matched on the still-encoded path, each
// a thin adapter from HTTP to the operation modules.
import type { Ctx, StackContext } from '../http.ts';
import { header, readJson, sendJson } from '../http.ts';
import type { Database } from '../db/database.ts';
import * as buckets from './buckets.ts';
import { callerOf, SERVICE } from './caller.ts';
import type { FileStore } from './disk.ts';
import { ERR } from './errors.ts';
import { checkBucketId, checkObjectName, parseBucketAndName } from './keys.ts';
import { listObjects, type ListBody } from './list.ts';
import { copyObject, moveObject, readTransfer, type TransferBody } from './move-copy.ts';
import { findObject, infoOf, openObject, sendable, type OpenedObject } from './object-read.ts';
import { checkCanWrite, writeObject, type WriteMode } from './object-write.ts';
import { emptyBucket, removeObjects } from './remove.ts';
import { isEmptyTransform, parseTransform, renderImage, type ImageTransform } from './render.ts';
import { sendFile } from './send-file.ts';
import { signDownload, signUpload, verifyDownload, verifyUpload } from './signing.ts';

export interface StorageDeps {
  stack: StackContext;
  db: Database;
  store: FileStore;
}

export interface RouteCtx extends Ctx {
  /** the part of the path the route's pattern captured (still encoded) */
  rest: string;
  query: URLSearchParams;
}

type Handler = (d: StorageDeps, c: RouteCtx) => Promise<void>;
type Route = [methods: string[], pattern: RegExp, handler: Handler];

const caller = (d: StorageDeps, c: RouteCtx) => callerOf(d.stack, c.req);
function bucketOnly(rest: string): string {
  try {
    return checkBucketId(decodeURIComponent(rest));
  } catch {
    throw ERR.invalidBucketName();
  }
}

async function upload(d: StorageDeps, c: RouteCtx, mode: WriteMode) {
  const auth = await caller(d, c);
  const { bucket, name } = parseBucketAndName(c.rest);
  const { id } = await writeObject(
    { db: d.db, store: d.store, maxFileSize: d.stack.config.storage.fileSizeLimit },
    c.req,
    { auth, bucket, name, mode },
  );
  sendJson(c.res, 200, { Id: id, Key: `${bucket}/${name}` });
}

async function sendOpened(
  d: StorageDeps,
  c: RouteCtx,
  opened: OpenedObject,
  transform: ImageTransform | null,
) {
  if (!transform || isEmptyTransform(transform)) {
    await sendFile(c.req, c.res, await sendable(opened, c.query));
    return;
  }
  try {
    const image = await renderImage(d.store, opened, transform, header(c.req, 'accept') ?? '');
    const file = await sendable(opened, c.query);
    c.res.writeHead(200, {
      'Content-Type': image.mimetype,
      'Content-Length': image.body.length,
      'Cache-Control': file.cacheControl,
      ETag: image.eTag,
      'Last-Modified': file.lastModified.toUTCString(),
      ...(file.downloadAs !== null
        ? {
            'Content-Disposition': `attachment; filename="${file.downloadAs.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`,
          }
        : {}),
    });
    c.res.end(c.method === 'HEAD' ? undefined : image.body);
  } finally {
    await opened.handle.close().catch(() => {});
  }
}

/** GET /object/{bucket}/{name}, /object/authenticated/…, /render/image/authenticated/… */
function download(render: boolean): Handler {
  return async (d, c) => {
    const auth = await caller(d, c);
    const { bucket, name } = parseBucketAndName(c.rest);
    const transform = render ? parseTransform(c.query) : null;
    await sendOpened(d, c, await openObject(d.db, d.store, auth, bucket, name), transform);
  };
}

/** /object/public/… and /render/image/public/…: no token needed, public buckets only. */
function downloadPublic(render: boolean): Handler {
  return async (d, c) => {
    const { bucket, name } = parseBucketAndName(c.rest);
    const transform = render ? parseTransform(c.query) : null;
    await sendOpened(
      d,
      c,
      await openObject(d.db, d.store, SERVICE, bucket, name, { publicOnly: true }),
      transform,
    );
  };
}

/** /object/sign/… and /render/image/sign/…?token=: the token is the only credential. */
const downloadSigned: Handler = async (d, c) => {
  const { bucket, name } = parseBucketAndName(c.rest);
  const transform = await verifyDownload(d.stack.jwt, c.query.get('token'), bucket, name);
  await sendOpened(d, c, await openObject(d.db, d.store, SERVICE, bucket, name), transform);
};

/** The asked expiry: a positive whole number of seconds, within the bucket's cap. */
function expiresIn(d: StorageDeps, bucket: string, body: { expiresIn?: unknown } | null | undefined): number {
  const n = Number(body?.expiresIn);
  if (!Number.isInteger(n) || n < 1) throw ERR.invalidRequest('expiresIn must be a positive integer');
  const max = d.stack.config.storage.signedUrlMaxSeconds?.[bucket];
  if (max !== undefined && n > max)
    throw ERR.invalidRequest(`expiresIn must be at most ${max} seconds in bucket ${bucket}`);
  return n;
}

const signOne: Handler = async (d, c) => {
  const auth = await caller(d, c);
  const { bucket, name } = parseBucketAndName(c.rest);
  const body = await readJson<{ expiresIn?: unknown; transform?: unknown }>(c.req);
  const seconds = expiresIn(d, bucket, body);
  const transform =
    body?.transform && typeof body.transform === 'object'
      ? parseTransform(body.transform as Record<string, unknown>)
      : null;
  await findObject(d.db, auth, bucket, name);
  const signedURL = await signDownload(
    d.stack.jwt,
    bucket,
    name,
    seconds,
    transform && !isEmptyTransform(transform) ? transform : null,
  );
  sendJson(c.res, 200, { signedURL });
};

const signMany: Handler = async (d, c) => {
  const auth = await caller(d, c);
  const bucket = bucketOnly(c.rest);
  const body = await readJson<{ expiresIn?: unknown; paths?: unknown }>(c.req);
  const seconds = expiresIn(d, bucket, body);
  if (!Array.isArray(body?.paths)) throw ERR.invalidRequest('paths must be a list of object names');
  const out = [];
  for (const path of body.paths as unknown[]) {
    const name = String(path);
    try {
      await findObject(d.db, auth, bucket, checkObjectName(name));
      out.push({
        error: null,
        path: name,
        signedURL: await signDownload(d.stack.jwt, bucket, name, seconds, null),
      });
    } catch {
      out.push({
        error: 'Either the object does not exist or you do not have access to it',
        path: name,
        signedURL: null,
      });
    }
  }
  sendJson(c.res, 200, out);
};

const signUploadUrl: Handler = async (d, c) => {
  const auth = await caller(d, c);
  const { bucket, name } = parseBucketAndName(c.rest);
  const upsert = header(c.req, 'x-upsert') === 'true';
  // Refuse now what the upload would refuse: a missing bucket, or an existing object without upsert.
  await buckets.getBucket(d.db, SERVICE, bucket);
  if (!upsert) {
    const exists = await findObject(d.db, SERVICE, bucket, name).then(
      () => true,
      () => false,
    );
    if (exists) throw ERR.keyExists();
  }
  const sub = typeof auth.claims.sub === 'string' ? auth.claims.sub : undefined;
  // The URL lets anyone holding it write as the service: only sign what the caller may write.
  await checkCanWrite(d.db, { auth, bucket, name, upsert, ownerSub: sub ?? null });
  sendJson(c.res, 200, await signUpload(d.stack.jwt, bucket, name, sub, upsert));
};

const uploadSigned: Handler = async (d, c) => {
  const { bucket, name } = parseBucketAndName(c.rest);
  const { owner, upsert } = await verifyUpload(d.stack.jwt, c.query.get('token'), bucket, name);
  const { id } = await writeObject(
    { db: d.db, store: d.store, maxFileSize: d.stack.config.storage.fileSizeLimit },
    c.req,
    { auth: SERVICE, bucket, name, mode: upsert ? 'upsert' : 'create', ownerSub: owner ?? null },
  );
  sendJson(c.res, 200, { Id: id, Key: `${bucket}/${name}` });
};

const info: Handler = async (d, c) => {
  const auth = await caller(d, c);
  const { bucket, name } = parseBucketAndName(c.rest);
  sendJson(c.res, 200, infoOf(await findObject(d.db, auth, bucket, name)));
};

const list: Handler = async (d, c) => {
  const auth = await caller(d, c);
  sendJson(
    c.res,
    200,
    await listObjects(d.db, auth, bucketOnly(c.rest), (await readJson<ListBody>(c.req)) ?? {}),
  );
};

const removeMany: Handler = async (d, c) => {
  const auth = await caller(d, c);
  const body = await readJson<{ prefixes?: unknown }>(c.req);
  if (!Array.isArray(body?.prefixes)) throw ERR.invalidRequest('prefixes must be a list of object names');
  const names = (body.prefixes as unknown[]).map(String);
  sendJson(c.res, 200, await removeObjects(d.db, d.store, auth, bucketOnly(c.rest), names));
};

const removeOne: Handler = async (d, c) => {
  const auth = await caller(d, c);
  const { bucket, name } = parseBucketAndName(c.rest);
  const removed = JSON.parse(await removeObjects(d.db, d.store, auth, bucket, [name])) as unknown[];
  if (removed.length === 0) throw ERR.noSuchKey();
  sendJson(c.res, 200, { message: 'Successfully deleted' });
};

const move: Handler = async (d, c) => {
  await moveObject(d.db, d.store, await caller(d, c), readTransfer(await readJson<TransferBody>(c.req)));
  sendJson(c.res, 200, { message: 'Successfully moved' });
};

const copy: Handler = async (d, c) => {
  const t = readTransfer(await readJson<TransferBody>(c.req));
  const { id } = await copyObject(d.db, d.store, await caller(d, c), t);
  sendJson(c.res, 200, { Id: id, Key: `${t.toBucket}/${t.to}` });
};

const bucketRoutes: Route[] = [
  [
    ['GET'],
    /^\/bucket\/?$/,
    async (d, c) => sendJson(c.res, 200, await buckets.listBuckets(d.db, await caller(d, c))),
  ],
  [
    ['POST'],
    /^\/bucket\/?$/,
    async (d, c) => {
      sendJson(
        c.res,
        200,
        await buckets.createBucket(
          d.db,
          await caller(d, c),
          (await readJson<buckets.BucketBody>(c.req)) ?? {},
        ),
      );
    },
  ],
  [
    ['POST'],
    /^\/bucket\/([^/]+)\/empty$/,
    async (d, c) => {
      await emptyBucket(d.db, d.store, await caller(d, c), bucketOnly(c.rest));
      sendJson(c.res, 200, { message: 'Successfully emptied' });
    },
  ],
  [
    ['GET'],
    /^\/bucket\/([^/]+)$/,
    async (d, c) =>
      sendJson(c.res, 200, await buckets.getBucket(d.db, await caller(d, c), bucketOnly(c.rest))),
  ],
  [
    ['PUT'],
    /^\/bucket\/([^/]+)$/,
    async (d, c) => {
      await buckets.updateBucket(
        d.db,
        await caller(d, c),
        bucketOnly(c.rest),
        (await readJson<buckets.BucketBody>(c.req)) ?? {},
      );
      sendJson(c.res, 200, { message: 'Successfully updated' });
    },
  ],
  [
    ['DELETE'],
    /^\/bucket\/([^/]+)$/,
    async (d, c) => {
      await buckets.deleteBucket(d.db, await caller(d, c), bucketOnly(c.rest));
      sendJson(c.res, 200, { message: 'Successfully deleted' });
    },
  ],
];

const objectRoutes: Route[] = [
  [['POST'], /^\/object\/list\/([^/]+)$/, list],
  [['POST'], /^\/object\/move$/, move],
  [['POST'], /^\/object\/copy$/, copy],
  [['POST'], /^\/object\/sign\/([^/]+)$/, signMany],
  [['POST'], /^\/object\/sign\/(.+)$/, signOne],
  [['GET', 'HEAD'], /^\/object\/sign\/(.+)$/, downloadSigned],
  [['POST'], /^\/object\/upload\/sign\/(.+)$/, signUploadUrl],
  [['PUT'], /^\/object\/upload\/sign\/(.+)$/, uploadSigned],
  [['GET'], /^\/object\/info\/(?:authenticated\/|public\/)?(.+)$/, info],
  [['GET', 'HEAD'], /^\/object\/public\/(.+)$/, downloadPublic(false)],
  [['GET', 'HEAD'], /^\/object\/authenticated\/(.+)$/, download(false)],
  [['DELETE'], /^\/object\/([^/]+)\/?$/, removeMany],
  [['DELETE'], /^\/object\/(.+)$/, removeOne],
  [
    ['POST'],
    /^\/object\/(.+)$/,
    (d, c) => upload(d, c, header(c.req, 'x-upsert') === 'true' ? 'upsert' : 'create'),
  ],
  [['PUT'], /^\/object\/(.+)$/, (d, c) => upload(d, c, 'update')],
  [['GET', 'HEAD'], /^\/object\/(.+)$/, download(false)],
  [['GET', 'HEAD'], /^\/render\/image\/authenticated\/(.+)$/, download(true)],
  [['GET', 'HEAD'], /^\/render\/image\/public\/(.+)$/, downloadPublic(true)],
  [['GET', 'HEAD'], /^\/render\/image\/sign\/(.+)$/, downloadSigned],
];

export const ROUTES: Route[] = [...bucketRoutes, ...objectRoutes];

export function matchRoute(method: string, path: string): { handler: Handler; rest: string } | null {
  for (const [methods, pattern, handler] of ROUTES) {
    if (!methods.includes(method)) continue;
    const m = pattern.exec(path);
    if (m) return { handler, rest: m[1] ?? '' };
  }
  return null;
}

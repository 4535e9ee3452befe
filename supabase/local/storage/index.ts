// Storage at /storage/v1, shaped like Supabase Storage: buckets and objects are rows in the
// `storage` schema (so policies written in migrations hold here and on hosted Supabase),
// the bytes are files under {dataDir}/storage. See routes.ts for the API, object-write.ts
// for how a row and its file are kept in step, errors.ts for the error shape.
import path from 'node:path';
import { sendJson, type Service, type StackContext } from '../http.ts';
import { createFileStore } from './disk.ts';
import { sendStorageError, toStorageError } from './errors.ts';
import { matchRoute, type StorageDeps } from './routes.ts';
import { drain } from './upload-body.ts';

export async function createStorageService(ctx: StackContext): Promise<Service> {
  const deps: StorageDeps = {
    stack: ctx,
    db: ctx.db,
    store: await createFileStore(path.join(ctx.config.dataDir, 'storage')),
  };

  return {
    async handle(c) {
      const route = matchRoute(c.method, c.path);
      try {
        if (!route) {
          await drain(c.req);
          sendJson(c.res, 404, {
            statusCode: '404',
            code: 'NotFound',
            error: 'Not Found',
            message: `Route ${c.method}:${c.path} not found`,
          });
          return;
        }
        await route.handler(deps, { ...c, rest: route.rest, query: new URLSearchParams(c.search) });
      } catch (err) {
        const error = toStorageError(err);
        if (error.status >= 500) ctx.log('storage', `${c.method} ${c.path}: ${(err as Error)?.stack ?? err}`);
        await drain(c.req);
        if (c.res.headersSent) c.res.destroy();
        else sendStorageError(c.res, error);
      }
    },
  };
}

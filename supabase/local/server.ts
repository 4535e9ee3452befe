// The local stack: one Node process, one port, the Supabase URL layout.
//   /auth/v1  /rest/v1  /realtime/v1  /storage/v1  /functions/v1  and dev extras under /_dev/
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { loadConfig, unsafeBindingReason, type StackConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import {
  applyCors,
  HttpError,
  pairResponse,
  sendJson,
  type Ctx,
  type Service,
  type StackContext,
} from './http.ts';
import { createJwt, deriveApiKeys, type ApiKeys } from './jwt.ts';
import { createMailbox } from './mail/mailbox.ts';
import { startScheduledJobs, type ScheduledJobs } from './jobs/index.ts';
import { createAuthService } from './auth/index.ts';
import { createRestService } from './rest/index.ts';
import { createRealtimeService } from './realtime/index.ts';
import { createStorageService } from './storage/index.ts';
import { functionEnv } from './functions/env.ts';
import { createFunctionsService } from './functions/index.ts';
import { createFashnService, FASHN_MOUNT } from './fashn/index.ts';
import { createStripeService, STRIPE_MOUNT } from './stripe/index.ts';

/** Settings the stack refuses to start with; the message says what to change. */
export class StackConfigError extends Error {}

export interface StartOptions {
  config?: Partial<StackConfig>;
  /** use this database instead of opening one (tests) */
  db?: Database;
  /** port 0 picks a free one */
  port?: number;
  quiet?: boolean;
}

export interface Stack {
  url: string;
  port: number;
  config: StackConfig;
  db: Database;
  keys: ApiKeys;
  context: StackContext;
  /** the pg_cron stand-in; runNow() runs the scheduled work at once */
  jobs: ScheduledJobs;
  close(): Promise<void>;
}

export async function startStack(opts: StartOptions = {}): Promise<Stack> {
  const config = loadConfig({ ...opts.config, port: opts.port ?? opts.config?.port });
  const unsafe = unsafeBindingReason(config);
  if (unsafe) throw new StackConfigError(unsafe);
  const log = (scope: string, message: string) => {
    if (!opts.quiet) console.log(`[${scope}] ${message}`);
  };

  // Listen first, with the handlers attached: until the stack is ready every request gets
  // 503 + Retry-After (a health probe sent during `npm start` is answered, never left hanging).
  let ready: Ready | null = null;
  const server = http.createServer();
  server.on('request', (req, res) => {
    if (ready) void ready.handle(req, res);
    else answerStarting(req, res);
  });
  server.on('upgrade', (req, socket, head) => {
    if (ready) ready.upgrade(req, socket, head);
    else refuseUpgradeWhileStarting(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host.replace(/^\[|\]$/g, ''), () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = config.port === port ? config.apiUrl : config.apiUrl.replace(/:\d+$/, `:${port}`);
  const resolvedConfig: StackConfig = { ...config, port, apiUrl: url };

  let db: Database | null = opts.db ?? null;
  const closers: (() => Promise<void> | void)[] = [];
  const mounts: [prefix: string, service: Service][] = [];
  try {
    db ??= await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? null : `${config.dataDir}/db`,
    });
    await migrate(db, {
      migrationsDir: config.migrationsDir,
      extraMigrationsDirs: config.extraMigrationsDirs,
      seedFile: config.seedFile,
      log: (l) => log('db', l),
    });
    await applyLocalPushOrigin(db, config.localPushServiceOrigin);

    const jwt = createJwt(config.jwtSecret);
    const keys = await deriveApiKeys(config.jwtSecret);
    const context: StackContext = {
      config: resolvedConfig,
      db,
      jwt,
      keys,
      url,
      mail: null as never,
      log,
      onClose: (fn) => closers.push(fn),
    };
    const mailbox = await createMailbox(context);
    context.mail = mailbox.mailer;
    // scheduled SQL (renewals, stuck jobs, notice retries): pg_cron on hosted Supabase, a timer here
    const jobs = startScheduledJobs(context);

    const add = async (prefix: string, service: Promise<Service> | Service) =>
      void mounts.push([prefix, await service]);
    await add('/auth/v1', createAuthService(context));
    await add('/rest/v1', createRestService(context));
    await add('/realtime/v1', createRealtimeService(context));
    await add('/storage/v1', createStorageService(context));
    await add('/functions/v1', createFunctionsService(context));
    await add('/_dev/mail', mailbox.service);
    // the local FASHN-compatible provider (preview renderer): supabase/local/fashn
    await add(FASHN_MOUNT, createFashnService(context));
    // the local Stripe stand-in (API subset, hosted checkout and portal, signed webhooks): supabase/local/stripe
    await add(
      STRIPE_MOUNT,
      createStripeService(context, () => functionEnv(context)),
    );

    ready = router(mounts, url, log);
    const openDb = db;
    let closed = false;
    return {
      url,
      port,
      config: resolvedConfig,
      db: openDb,
      keys,
      context,
      jobs,
      async close() {
        if (closed) return;
        closed = true;
        await shutDown(server, mounts, closers);
        if (!opts.db) await openDb.close();
      },
    };
  } catch (err) {
    // a stack that cannot start leaves nothing behind: no port held, no database open
    await shutDown(server, mounts, closers).catch(() => {});
    if (!opts.db) await db?.close().catch(() => {});
    throw err;
  }
}

interface Ready {
  handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void;
}

/** Seconds a client should wait before asking again while the stack starts. */
const STARTING_RETRY_AFTER = '1';

function answerStarting(req: http.IncomingMessage, res: http.ServerResponse) {
  if (applyCors(req, res)) return;
  const pathname = (req.url ?? '/').split('?')[0];
  const body =
    pathname === '/' || pathname === '/health'
      ? { name: 'drape-local-stack', status: 'starting' }
      : { message: 'The local stack is starting; try again in a moment' };
  // the body of a request that arrives now is not read: close rather than drain it
  sendJson(res, 503, body, { 'Retry-After': STARTING_RETRY_AFTER, Connection: 'close' });
}

function refuseUpgradeWhileStarting(socket: Duplex) {
  const body = JSON.stringify({ message: 'The local stack is starting; try again in a moment' });
  socket.end(
    `HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${STARTING_RETRY_AFTER}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function router(
  mounts: [prefix: string, service: Service][],
  url: string,
  log: (scope: string, message: string) => void,
): Ready {
  return {
    async handle(req, res) {
      try {
        pairResponse(req, res);
        if (applyCors(req, res)) return;
        const raw = req.url ?? '/';
        const q = raw.indexOf('?');
        const pathname = q === -1 ? raw : raw.slice(0, q);
        const search = q === -1 ? '' : raw.slice(q + 1);
        for (const [prefix, service] of mounts) {
          if (pathname === prefix || pathname.startsWith(`${prefix}/`)) {
            const ctx: Ctx = {
              req,
              res,
              method: req.method ?? 'GET',
              path: pathname.slice(prefix.length) || '/',
              search,
              url: new URL(raw, url),
            };
            await service.handle(ctx);
            return;
          }
        }
        if (pathname === '/' || pathname === '/health') {
          sendJson(res, 200, { name: 'drape-local-stack', status: 'ok' });
          return;
        }
        sendJson(res, 404, { message: 'no Route matched with those values' });
      } catch (err) {
        // a body a service did not map itself (too large, not JSON) is still the client's error
        if (err instanceof HttpError && !res.headersSent)
          return sendJson(res, err.status, { message: err.message });
        log(
          'http',
          `unhandled error on ${req.method} ${req.url}: ${(err instanceof Error && err.stack) || err}`,
        );
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
        else res.destroy();
      }
    },
    upgrade(req, socket, head) {
      const pathname = (req.url ?? '/').split('?')[0];
      for (const [prefix, service] of mounts) {
        if (pathname.startsWith(`${prefix}/`) && service.upgrade) {
          service.upgrade(req, socket, head, pathname.slice(prefix.length));
          return;
        }
      }
      socket.destroy();
    },
  };
}

async function shutDown(
  server: http.Server,
  mounts: [string, Service][],
  closers: (() => Promise<void> | void)[],
) {
  for (const [, service] of mounts) await service.close?.();
  for (const fn of closers.reverse()) await fn();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * The database side of LOCAL_PUSH_SERVICE_ORIGIN: save_push_subscription accepts that origin
 * only while the setting row push_service_local_origin exists; it is written here at each
 * start when the variable is set and deleted when it is not (no migration writes it).
 */
async function applyLocalPushOrigin(db: Database, origin: string | null): Promise<void> {
  if (origin) {
    await db.query(
      `insert into private.settings (name, value) values ('push_service_local_origin', $1)
       on conflict (name) do update set value = excluded.value, updated_at = now()`,
      [origin],
    );
  } else {
    await db.query(`delete from private.settings where name = 'push_service_local_origin'`);
  }
}

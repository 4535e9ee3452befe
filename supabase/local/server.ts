// The local stack: one Node process, one port, the Supabase URL layout.
//   /auth/v1  /rest/v1  /realtime/v1  /storage/v1  /functions/v1  and dev extras under /_dev/
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig, type StackConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { applyCors, sendJson, type Ctx, type Service, type StackContext } from './http.ts';
import { createJwt, deriveApiKeys, type ApiKeys } from './jwt.ts';
import { createMailbox } from './mail/mailbox.ts';
import { startScheduledJobs, type ScheduledJobs } from './jobs/index.ts';
import { createAuthService } from './auth/index.ts';
import { createRestService } from './rest/index.ts';
import { createRealtimeService } from './realtime/index.ts';
import { createStorageService } from './storage/index.ts';
import { createFunctionsService } from './functions/index.ts';

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
  const log = (scope: string, message: string) => {
    if (!opts.quiet) console.log(`[${scope}] ${message}`);
  };

  const db =
    opts.db ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : `${config.dataDir}/db` }));
  const report = await migrate(db, {
    migrationsDir: config.migrationsDir,
    extraMigrationsDirs: config.extraMigrationsDirs,
    seedFile: config.seedFile, log: (l) => log('db', l) });
  void report;

  const jwt = createJwt(config.jwtSecret);
  const keys = await deriveApiKeys(config.jwtSecret);
  const closers: (() => Promise<void> | void)[] = [];

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = config.port === port ? config.apiUrl : config.apiUrl.replace(/:\d+$/, `:${port}`);
  const resolvedConfig: StackConfig = { ...config, port, apiUrl: url };

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

  const mounts: [prefix: string, service: Service][] = [
    ['/auth/v1', await createAuthService(context)],
    ['/rest/v1', await createRestService(context)],
    ['/realtime/v1', await createRealtimeService(context)],
    ['/storage/v1', await createStorageService(context)],
    ['/functions/v1', await createFunctionsService(context)],
    ['/_dev/mail', mailbox.service],
  ];

  server.on('request', async (req, res) => {
    try {
      if (applyCors(req, res)) return;
      const raw = req.url ?? '/';
      const q = raw.indexOf('?');
      const pathname = q === -1 ? raw : raw.slice(0, q);
      const search = q === -1 ? '' : raw.slice(q + 1);
      for (const [prefix, service] of mounts) {
        if (pathname === prefix || pathname.startsWith(prefix + '/')) {
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
    } catch (err: any) {
      log('http', `unhandled error on ${req.method} ${req.url}: ${err?.stack ?? err}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.destroy();
    }
  });

  server.on('upgrade', (req, socket, head) => {
    const pathname = (req.url ?? '/').split('?')[0];
    for (const [prefix, service] of mounts) {
      if (pathname.startsWith(prefix + '/') && service.upgrade) {
        service.upgrade(req, socket, head, pathname.slice(prefix.length));
        return;
      }
    }
    socket.destroy();
  });

  let closed = false;
  return {
    url,
    port,
    config: resolvedConfig,
    db,
    keys,
    context,
    jobs,
    async close() {
      if (closed) return;
      closed = true;
      for (const [, service] of mounts) await service.close?.();
      for (const fn of closers.reverse()) await fn();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!opts.db) await db.close();
    },
  };
}

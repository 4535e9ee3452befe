// npm start | npm run dev | npm run db:reset
//   start     boots the stack (PGlite under .data/ unless DATABASE_URL is set), builds the
//             app when its sources changed, and serves it on APP_PORT (3000)
//   dev       the stack plus Vite's dev server with hot reload (port 5173)
//   db-reset  deletes the local PGlite data and stored files, then migrates and seeds anew
import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, ROOT } from './config.ts';
import { openDatabase } from './db/database.ts';
import { StackConfigError, startStack, type Stack } from './server.ts';
import { buildAppIfStale, serveApp } from './app-server.ts';
import { fetchHealth, healthLines } from './health.ts';

const command = process.argv[2] ?? 'start';

function printStatus(stack: Stack, appUrl: string | null) {
  const lines = [
    '',
    'Drape local stack is running.',
    '',
    `         API URL: ${stack.url}`,
    `     GraphQL URL: (not provided by the local stack)`,
    `          DB URL: ${stack.config.databaseUrl ?? `PGlite (embedded) at ${path.relative(ROOT, stack.config.dataDir)}/db`}`,
    `     Mailbox URL: ${stack.url}/_dev/mail`,
    `        anon key: ${stack.keys.anon}`,
    `service_role key: ${stack.keys.serviceRole}`,
    ` publishable key: ${stack.keys.publishable}`,
    `      secret key: ${stack.keys.secret}`,
  ];
  if (appUrl) lines.push('', `             App: ${appUrl}`);
  console.log(`${lines.join('\n')}\n`);
}

/** What the stack's settings lack (the health function's report, as on hosted Supabase). */
async function printHealth(stack: Stack) {
  try {
    const [first, ...rest] = healthLines(await fetchHealth(stack.url, stack.keys.serviceRole), {
      local: true,
    });
    console.log(
      [`          Health: ${first}`, ...rest.map((l) => `                  ${l.trim()}`)].join('\n'),
    );
  } catch (err) {
    console.log(`          Health: could not be read (${(err as Error).message})`);
  }
}

async function main() {
  if (command === 'db-reset') {
    const config = loadConfig();
    if (config.databaseUrl) {
      const db = await openDatabase({ databaseUrl: config.databaseUrl });
      await db.exec(`drop schema if exists public cascade; create schema public;
        drop schema if exists auth cascade; drop schema if exists storage cascade;
        drop schema if exists supabase_migrations cascade;
        drop publication if exists supabase_realtime;`);
      await db.close();
    } else {
      rmSync(path.join(config.dataDir, 'db'), { recursive: true, force: true });
    }
    rmSync(path.join(config.dataDir, 'storage'), { recursive: true, force: true });
    rmSync(path.join(config.dataDir, 'mail'), { recursive: true, force: true });
    const stack = await startStack({ quiet: false });
    await stack.close();
    console.log('Database reset: migrations and seed applied.');
    return;
  }

  if (command === 'start' || command === 'dev') {
    const stack = await startStack();
    let appUrl: string | null = null;
    let stopApp: (() => Promise<void>) | null = null;
    const env = { VITE_SUPABASE_URL: stack.url, VITE_SUPABASE_ANON_KEY: stack.keys.anon };
    if (command === 'start' && stack.config.appPort > 0) {
      // APP_DIST_DIR: build and serve elsewhere than dist/ (several stacks on one checkout)
      const dist = process.env.APP_DIST_DIR ? path.resolve(process.env.APP_DIST_DIR) : undefined;
      await buildAppIfStale(env, dist);
      const app = await serveApp(stack.config.appPort, dist);
      appUrl = app.url;
      stopApp = app.close;
    } else if (command === 'dev') {
      Object.assign(process.env, env);
      const { createServer } = await import('vite');
      const vite = await createServer({ root: ROOT, server: { port: 5173 } });
      await vite.listen();
      appUrl = vite.resolvedUrls?.local[0] ?? 'http://localhost:5173';
      stopApp = () => vite.close();
    }
    printStatus(stack, appUrl);
    await printHealth(stack);
    const stop = async () => {
      await stopApp?.();
      await stack.close();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return;
  }

  console.error(`unknown command ${command}; use start, dev or db-reset`);
  process.exit(2);
}

main().catch((err) => {
  console.error(err instanceof StackConfigError ? err.message : (err?.stack ?? err));
  process.exit(1);
});

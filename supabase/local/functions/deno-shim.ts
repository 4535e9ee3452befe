// The few Deno and Supabase Edge Runtime globals an edge function uses, for running the
// same `index.ts` under Node: `Deno.serve` (captures the handler instead of listening),
// `Deno.env` (the function's environment), `EdgeRuntime.waitUntil`, and a global
// `WebSocket` (Deno has one; Node 20 does not, and supabase-js needs it to build a client).
//
// Several functions (and, in tests, several stacks) share one Node process, so the globals
// look up "which function is this" in an AsyncLocalStorage scope that the loader enters
// while importing a module and the service enters while a handler runs.
import { AsyncLocalStorage } from 'node:async_hooks';
import ws from 'ws';

export type ServeHandler = (request: Request, info: ServeHandlerInfo) => Response | Promise<Response>;

export interface ServeHandlerInfo {
  remoteAddr: { transport: 'tcp'; hostname: string; port: number };
  completed: Promise<void>;
}

export interface FunctionScope {
  name: string;
  env: Record<string, string>;
  /** set by Deno.serve */
  handler: ServeHandler | null;
  log: (message: string) => void;
}

const scopes = new AsyncLocalStorage<FunctionScope>();

/** Runs fn (and everything it starts) as the given function. */
export function runInScope<T>(scope: FunctionScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

function currentScope(what: string): FunctionScope {
  const scope = scopes.getStore();
  if (!scope) throw new Error(`${what} was called outside an edge function`);
  return scope;
}

function readServeArgs(a: unknown, b: unknown): ServeHandler {
  if (typeof a === 'function') return a as ServeHandler;
  if (typeof b === 'function') return b as ServeHandler;
  const handler = (a as { handler?: unknown } | undefined)?.handler;
  if (typeof handler === 'function') return handler as ServeHandler;
  throw new TypeError('Deno.serve: no handler given');
}

function serve(a: unknown, b?: unknown) {
  const scope = currentScope('Deno.serve');
  scope.handler = readServeArgs(a, b);
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return {
    finished,
    addr: { transport: 'tcp', hostname: '0.0.0.0', port: 0 },
    ref() {},
    unref() {},
    async shutdown() {
      finish();
    },
  };
}

/** The running function's environment; outside any function (library code in the stack
 * process that probes for Deno), the process environment. */
function currentEnv(): Record<string, string | undefined> {
  return scopes.getStore()?.env ?? process.env;
}

const env = {
  get(key: string): string | undefined {
    return currentEnv()[key];
  },
  set(key: string, value: string): void {
    currentEnv()[key] = String(value);
  },
  delete(key: string): void {
    delete currentEnv()[key];
  },
  has(key: string): boolean {
    return currentEnv()[key] !== undefined;
  },
  toObject(): Record<string, string> {
    return Object.fromEntries(
      Object.entries(currentEnv()).filter((e): e is [string, string] => e[1] !== undefined),
    );
  },
};

function waitUntil<T>(promise: Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  promise.catch((err) => scope?.log(`background task failed: ${err?.stack ?? err}`));
  return promise;
}

let installed = false;

/** Defines the globals once per process; leaves real Deno (or a real WebSocket) alone. */
export function installDenoShim(): void {
  if (installed) return;
  installed = true;
  const g = globalThis as Record<string, unknown>;
  if (g.Deno === undefined) {
    g.Deno = {
      serve,
      env,
      version: { deno: '2.1.4', v8: process.versions.v8, typescript: '5.6' },
      build: { os: process.platform, arch: process.arch, target: `${process.arch}-${process.platform}` },
      cwd: () => process.cwd(),
    };
  }
  if (g.EdgeRuntime === undefined) g.EdgeRuntime = { waitUntil };
  if (g.WebSocket === undefined) g.WebSocket = ws;
}

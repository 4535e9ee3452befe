// Finds and loads edge functions: `{dir}/{name}/index.ts` in the functions folder (then in
// any extra folders, e.g. test fixtures). Each function is imported once through tsx's ESM
// loader in a namespace of its own, with Deno.serve capturing its handler, and imported
// again in a fresh namespace when one of its own source files (or functions/.env) changes.
// Function folders must sit in a `"type": "module"` package (the repository is one): there
// tsx loads .ts as ES modules, which is where the npm: specifier hooks apply.
import { existsSync, statSync } from 'node:fs';
import { register as registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register as tsxRegister } from 'tsx/esm/api';
import { installDenoShim, runInScope, type FunctionScope, type ServeHandler } from './deno-shim.ts';

export interface LoadedFunction {
  name: string;
  scope: FunctionScope;
  handler: ServeHandler;
}

export class FunctionLoadError extends Error {}

export interface LoaderOptions {
  dirs: string[];
  /** the environment a fresh load of a function gets */
  env: () => Record<string, string>;
  /** files whose change reloads every function (functions/.env) */
  sharedFiles: string[];
  log: (message: string) => void;
}

interface Entry {
  result: Promise<LoadedFunction>;
  files: Map<string, number>;
  checkedAt: number;
  unregister: (() => Promise<void>) | null;
}

/** Function names as the Supabase CLI allows them; `_shared` and dot folders are not functions. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const RECHECK_MS = 500;

let npmHooksRegistered = false;

function registerNpmSpecifiers() {
  if (npmHooksRegistered) return;
  npmHooksRegistered = true;
  registerHooks(new URL('./npm-specifier-hooks.mjs', import.meta.url));
}

function mtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

export function createFunctionLoader(opts: LoaderOptions) {
  const entries = new Map<string, Entry>();
  let queue: Promise<unknown> = Promise.resolve();

  function locate(name: string): string | null {
    if (!NAME.test(name)) return null;
    for (const dir of opts.dirs) {
      const file = path.join(dir, name, 'index.ts');
      if (existsSync(file)) return file;
    }
    return null;
  }

  function changed(entry: Entry): boolean {
    const now = Date.now();
    if (now - entry.checkedAt < RECHECK_MS) return false;
    entry.checkedAt = now;
    for (const [file, seen] of entry.files) if (mtime(file) !== seen) return true;
    return false;
  }

  function load(name: string, file: string): Entry {
    const files = new Map<string, number>();
    for (const f of [file, ...opts.sharedFiles]) files.set(f, mtime(f));
    const entry: Entry = { result: null as never, files, checkedAt: Date.now(), unregister: null };
    // One import at a time: module evaluation is where Deno.serve runs.
    const run = queue.then(async (): Promise<LoadedFunction> => {
      installDenoShim();
      registerNpmSpecifiers();
      const scope: FunctionScope = {
        name,
        env: opts.env(),
        handler: null,
        log: (m) => opts.log(`${name}: ${m}`),
      };
      const api = tsxRegister({
        namespace: `edge-function-${name}-${Date.now()}`,
        onImport(url) {
          if (!url.startsWith('file:')) return;
          const f = fileURLToPath(url.split('?')[0]);
          if (!f.includes(`${path.sep}node_modules${path.sep}`)) files.set(f, mtime(f));
        },
      });
      entry.unregister = api.unregister;
      try {
        const mod = await runInScope(scope, () => api.import(pathToFileURL(file).href, import.meta.url));
        const fallback = mod?.default?.fetch;
        if (!scope.handler && typeof fallback === 'function') scope.handler = fallback.bind(mod.default);
      } catch (err) {
        throw new FunctionLoadError(
          `function ${name} failed to load: ${(err instanceof Error && err.stack) || err}`,
        );
      }
      if (!scope.handler) throw new FunctionLoadError(`function ${name} did not call Deno.serve(handler)`);
      return { name, scope, handler: scope.handler };
    });
    queue = run.catch(() => {});
    entry.result = run;
    return entry;
  }

  return {
    /** null when there is no such function */
    get(name: string): Promise<LoadedFunction> | null {
      const file = locate(name);
      if (!file) return null;
      let entry = entries.get(name);
      if (entry && changed(entry)) {
        opts.log(`${name}: source changed, reloading`);
        void entry.unregister?.();
        entry = undefined;
      }
      if (!entry) {
        entry = load(name, file);
        entries.set(name, entry);
      }
      return entry.result;
    },
    async close() {
      for (const entry of entries.values()) await entry.unregister?.().catch(() => {});
      entries.clear();
    },
  };
}

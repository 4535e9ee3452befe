// The engine as the dispatch and provider-callback functions run it: provider, settings and
// callback secret from the environment, the service-role client as its store.
import { createClient } from 'npm:@supabase/supabase-js@2';
import jpeg from 'npm:jpeg-js@0.4.4';
import { providerFromEnv, providerName } from '../providers/index.ts';
import { callbackSecret } from './callback-url.ts';
import { engineConfig } from './config.ts';
import { createEngine, type Engine } from './engine.ts';
import { download, supabaseStore } from './supabase-store.ts';

type Env = (name: string) => string | undefined;

/** EdgeRuntime.waitUntil where the platform has it: work that outlives the response. */
function keepAlive(work: Promise<unknown>): void {
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil?: (p: Promise<unknown>) => void } }).EdgeRuntime;
  if (runtime?.waitUntil) runtime.waitUntil(work);
  else void work.catch(() => {});
}

function decodeJpeg(bytes: Uint8Array) {
  const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 512 });
  return { width: img.width, height: img.height, data: img.data as Uint8Array };
}

let cached: Promise<Engine> | null = null;

/**
 * The engine of this isolate (made once: the client, the provider and the callback secret
 * are reused by every request the function serves).
 */
export function engineFromEnv(env: Env): Promise<Engine> {
  cached ??= makeEngine(env).catch((err) => {
    cached = null;
    throw err;
  });
  return cached;
}

async function makeEngine(env: Env): Promise<Engine> {
  const url = env('SUPABASE_URL');
  const key = env('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !key) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');
  const client = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  return createEngine({
    store: supabaseStore(client),
    provider: providerFromEnv(env, { keepAlive }),
    config: engineConfig(env, providerName(env)),
    callbackSecret: await callbackSecret(env),
    download: (u, max) => download(u, max),
    decodeJpeg,
    log: (m) => console.log(`[engine] ${m}`),
    trace:
      env('ENGINE_TRACE') === '1'
        ? (step, id, ms) => console.log(`[engine:trace] ${step} ${id} ${ms.toFixed(1)}ms`)
        : undefined,
  });
}

// What every step of the engine is given: its dependencies (store, provider, settings) and
// the helpers they share (log, clock, step timer). Each step is a plain function of a context,
// so it can be tested alone with an in-memory store and a scripted provider (testing.ts).
import type { Provider } from '../providers/types.ts';
import type { EngineConfig } from './config.ts';
import type { EngineStore } from './store.ts';

export interface EngineDeps {
  store: EngineStore;
  provider: Provider;
  config: EngineConfig;
  /** the secret callback URLs are signed with (null: no callbacks, poll only) */
  callbackSecret: string | null;
  /** downloads a provider's output (size-limited) */
  download: (url: string, maxBytes: number) => Promise<{ bytes: Uint8Array; contentType: string | null }>;
  /** decodes a JPEG to RGBA (outputs of a workflow may be JPEG); absent: JPEG outputs fail */
  decodeJpeg?: (bytes: Uint8Array) => { width: number; height: number; data: Uint8Array };
  log?: (message: string) => void;
  /** receives how long each step took (ENGINE_TRACE=1 logs them) */
  trace?: (step: string, jobId: string, ms: number) => void;
  now?: () => number;
}

export interface EngineContext extends EngineDeps {
  log: (message: string) => void;
  now: () => number;
  /** runs fn, telling deps.trace how long it took */
  timed: <T>(step: string, jobId: string, fn: () => Promise<T>) => Promise<T>;
}

export function engineContext(deps: EngineDeps): EngineContext {
  const trace = deps.trace;
  return {
    ...deps,
    log: deps.log ?? ((m: string) => console.log(`[engine] ${m}`)),
    now: deps.now ?? (() => Date.now()),
    async timed(step, jobId, fn) {
      if (!trace) return fn();
      const t0 = performance.now();
      try {
        return await fn();
      } finally {
        trace(step, jobId, performance.now() - t0);
      }
    },
  };
}

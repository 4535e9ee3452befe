// Test doubles for the engine's steps: an in-memory store that records every call and answers
// from a script, and a scripted provider. Used by the engine's unit tests only.
import type { EngineJob, Progress, Provider, Submitted } from '../providers/types.ts';
import { engineConfig } from './config.ts';
import { type EngineContext, engineContext } from './context.ts';
import type { CallbackStart, ClaimedWork, EngineStore, Recorded, WatermarkJob } from './store.ts';

export interface StoreScript {
  work?: Partial<ClaimedWork>;
  /** successive answers of beginCallback (then 'stale') */
  callback?: CallbackStart[];
  /** successive answers of recordJob (then {recorded: true}) */
  recordJob?: Recorded[];
  /** successive answers of recordProgress (then {recorded: true}) */
  recordProgress?: Recorded[];
  marks?: { jobs?: WatermarkJob[]; objects?: Map<string, Uint8Array> };
}

export function memoryStore(script: StoreScript = {}) {
  const calls: [string, ...unknown[]][] = [];
  const uploads = new Map<string, Uint8Array>();
  const callback = [...(script.callback ?? [])];
  const recordJob = [...(script.recordJob ?? [])];
  const recordProgress = [...(script.recordProgress ?? [])];
  const marks = script.marks ?? {};
  const store: EngineStore = {
    async claim() {
      return { images: [], videos: [], tools: [], polls: [], ...script.work };
    },
    async recordJob(...a) {
      calls.push(['recordJob', ...a]);
      return recordJob.shift() ?? { recorded: true };
    },
    async recordProgress(...a) {
      calls.push(['recordProgress', ...a]);
      return recordProgress.shift() ?? { recorded: true };
    },
    async retry(...a) {
      calls.push(['retry', ...a]);
      return 'retrying';
    },
    async finish(...a) {
      calls.push(['finish', ...a]);
      return { changed: true, status: a[3] };
    },
    async beginCallback(...a) {
      calls.push(['beginCallback', ...a]);
      return callback.shift() ?? { result: 'stale' };
    },
    async signedUrl(bucket, path) {
      return `https://store.test/sign/${bucket}/${path}?token=t`;
    },
    async upload(bucket, path, bytes) {
      uploads.set(`${bucket}/${path}`, bytes);
    },
    async download(bucket, path) {
      const bytes = marks.objects?.get(`${bucket}/${path}`);
      if (!bytes) throw new Error(`reading ${bucket}/${path}: Object not found`);
      return bytes;
    },
    async claimWatermarks() {
      return marks.jobs ?? [];
    },
    async finishWatermark(job, outcome, retrySeconds, maxAttempts) {
      calls.push(['finishWatermark', job.image_id, outcome, retrySeconds, maxAttempts]);
      return 'error' in outcome ? (job.attempt >= maxAttempts ? 'failed' : 'retrying') : 'completed';
    },
  };
  return { store, calls, uploads };
}

export interface ProviderScript {
  submit?: () => Promise<Submitted>;
  poll?: (handle: string, job: EngineJob) => Promise<Progress>;
  parseCallback?: (handle: string, body: unknown, job: EngineJob) => Promise<Progress>;
}

/** A provider that answers from a script; every call is recorded in `calls`. */
export function scriptedProvider(script: ProviderScript = {}) {
  const calls: [string, ...unknown[]][] = [];
  const submit = async () => {
    calls.push(['submit']);
    return script.submit ? script.submit() : { handle: 'fashn:model:p1' };
  };
  const poll = script.poll ?? (async () => ({ state: 'running' }) as Progress);
  const provider: Provider = {
    name: 'test',
    submitOnModel: submit,
    submitFlatLay: submit,
    submitBackgroundRemoval: submit,
    submitVideo: submit,
    submitModelView: submit,
    async poll(handle, job) {
      calls.push(['poll', handle]);
      return poll(handle, job);
    },
    async parseCallback(handle, body, job) {
      calls.push(['parseCallback', handle, body]);
      return (script.parseCallback ?? poll)(handle, body, job);
    },
  };
  return { provider, calls };
}

export const testConfig = engineConfig(
  (n: string) =>
    ({ SUPABASE_URL: 'https://ref.supabase.co', GENERATION_RETRY_BASE_SECONDS: '5' })[n] as
      | string
      | undefined,
  'fashn',
);

/** A context for one step: the store, the provider, and what a download answers. */
export function testContext(
  store: EngineStore,
  provider: Provider,
  opts: { bytes?: Uint8Array; callbackSecret?: string | null; download?: EngineContext['download'] } = {},
): EngineContext {
  return engineContext({
    store,
    provider,
    config: testConfig,
    callbackSecret: opts.callbackSecret === undefined ? 'cb-secret' : opts.callbackSecret,
    download:
      opts.download ?? (async () => ({ bytes: opts.bytes ?? new Uint8Array(), contentType: 'image/png' })),
    log: () => {},
  });
}

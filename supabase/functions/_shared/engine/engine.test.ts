// The engine's decisions with an in-memory store and a scripted provider: what it records,
// retries, finishes and stores for each provider answer (the SQL side is tested in
// tests/integration/engine).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sampleImageJob } from '../providers/testing.ts';
import {
  type EngineJob,
  type Progress,
  type Provider,
  ProviderError,
  type Submitted,
} from '../providers/types.ts';
import { signCallbackUrl } from './callback-url.ts';
import { createEngine } from './engine.ts';
import { decodePng } from './png.ts';
import type { CallbackStart, ClaimedWork, EngineStore, WatermarkJob } from './store.ts';
import { scriptedProvider, memoryStore as testStore, testConfig } from './testing.ts';

function memoryStore(
  work: Partial<ClaimedWork>,
  callback: CallbackStart[] = [],
  marks: { jobs?: WatermarkJob[]; objects?: Map<string, Uint8Array> } = {},
) {
  return testStore({ work, callback, marks });
}

function provider(answers: { submit?: () => Promise<Submitted>; poll?: () => Promise<Progress> }): Provider {
  return scriptedProvider(answers).provider;
}

const config = testConfig;

async function outputPng() {
  return new Uint8Array(
    await sharp({ create: { width: 64, height: 96, channels: 3, background: '#778899' } })
      .png()
      .toBuffer(),
  );
}

function engineWith(store: EngineStore, p: Provider, bytes?: Uint8Array) {
  return createEngine({
    store,
    provider: p,
    config,
    callbackSecret: 'cb-secret',
    download: async () => ({ bytes: bytes ?? new Uint8Array(), contentType: 'image/png' }),
    log: () => {},
  });
}

describe('engine: submitting', () => {
  it('records the handle with the provider deadline and the poll interval', async () => {
    const job = sampleImageJob({ watermark: false });
    const { store, calls } = memoryStore({ images: [job] });
    const report = await engineWith(store, provider({})).dispatch('w1');
    expect(report).toMatchObject({ claimed: { images: 1 }, submitted: 1, errors: [] });
    expect(calls).toEqual([['recordJob', 'image', job.image_id, 1, 'fashn:model:p1', 600, 10, 60]]);
  });

  it('retries a transient failure after base × 4^(attempt−1) seconds', async () => {
    const job = sampleImageJob({ attempt: 2 });
    const { store, calls } = memoryStore({ images: [job] });
    const fail = async (): Promise<Submitted> => {
      throw new ProviderError({ kind: 'transient', code: 'HTTP 503', message: 'FASHN answered 503' });
    };
    const report = await engineWith(store, provider({ submit: fail })).dispatch('w');
    expect(report.retried).toBe(1);
    expect(calls).toEqual([['retry', 'image', job.image_id, 2, 'HTTP 503: FASHN answered 503', 20, 3]]);
  });

  it('fails a permanent failure and rejects a content refusal at once', async () => {
    for (const [kind, status] of [
      ['permanent', 'failed'],
      ['rejected', 'rejected'],
    ] as const) {
      const job = sampleImageJob();
      const { store, calls } = memoryStore({ images: [job] });
      const fail = async (): Promise<Submitted> => {
        throw new ProviderError({ kind, code: 'X', message: 'no' });
      };
      await engineWith(store, provider({ submit: fail })).dispatch('w');
      expect(calls).toEqual([['finish', 'image', job.image_id, 1, status, { error: 'X: no' }]]);
    }
  });

  it('a workflow that answers with the result at once finishes the job in the same run', async () => {
    const job = sampleImageJob({ watermark: false });
    const { store, calls, uploads } = memoryStore({ images: [job] });
    const png = await outputPng();
    const sync = async (): Promise<Submitted> => ({
      handle: 'webhook:image:x:1',
      progress: { state: 'completed', outputs: ['https://cdn/x.png'] },
    });
    const report = await engineWith(store, provider({ submit: sync }), png).dispatch('w');
    expect(report).toMatchObject({ submitted: 1, completed: 1 });
    const path = `${job.user_id}/${job.project_id}/${job.image_id}.png`;
    expect(uploads.get(`generated/${path}`)).toEqual(png);
    expect(uploads.has(`watermarked/${path}`)).toBe(false);
    expect(calls.at(-1)).toEqual([
      'finish',
      'image',
      job.image_id,
      1,
      'completed',
      {
        resultPath: path,
        resultUrl: `https://ref.supabase.co/storage/v1/object/authenticated/generated/${path}`,
        width: 64,
        height: 96,
      },
    ]);
  });
});

describe('engine: polling and storing', () => {
  it('a running job keeps its handle and is polled again later', async () => {
    const job: EngineJob = sampleImageJob({ provider_job_id: 'fashn:model:p1' });
    const { store, calls } = memoryStore({ polls: [job] });
    await engineWith(store, provider({ poll: async () => ({ state: 'running' }) })).dispatch('w');
    expect(calls).toEqual([
      ['recordProgress', 'image', sampleImageJob().image_id, 1, 'fashn:model:p1', 10, 60],
    ]);
  });

  it('a free plan gets a watermarked copy too, and the row points at it', async () => {
    const job = sampleImageJob({ provider_job_id: 'fashn:bg:p2', watermark: true });
    const { store, calls, uploads } = memoryStore({ polls: [job] });
    const png = await outputPng();
    await engineWith(
      store,
      provider({ poll: async () => ({ state: 'completed', outputs: ['https://cdn/x.png'] }) }),
      png,
    ).dispatch('w');
    const path = `${job.user_id}/${job.project_id}/${job.image_id}.png`;
    const marked = uploads.get(`watermarked/${path}`)!;
    expect(await sharp(marked).metadata()).toMatchObject({ width: 64, height: 96 });
    expect(Buffer.from(marked).equals(Buffer.from(png))).toBe(false);
    expect(calls.at(-1)?.[5]).toMatchObject({
      watermarkedPath: path,
      resultUrl: expect.stringContaining('/authenticated/watermarked/'),
    });
  });

  it('an output that is not an image fails the job; a download that fails retries it', async () => {
    const job = sampleImageJob({ provider_job_id: 'fashn:bg:p2' });
    const { store, calls } = memoryStore({ polls: [job] });
    const done = provider({ poll: async () => ({ state: 'completed', outputs: ['https://cdn/x.png'] }) });
    await engineWith(store, done, new TextEncoder().encode('<html>not found</html>')).dispatch('w');
    expect(calls.at(-1)?.slice(0, 5)).toEqual(['finish', 'image', job.image_id, 1, 'failed']);

    const broken = memoryStore({ polls: [job] });
    const engine = createEngine({
      store: broken.store,
      provider: done,
      config,
      callbackSecret: null,
      download: async () => {
        throw new Error('socket hang up');
      },
      log: () => {},
    });
    await engine.dispatch('w');
    expect(broken.calls.at(-1)?.[0]).toBe('retry');
  });
});

describe('engine: callbacks', () => {
  const base = 'https://ref.supabase.co/functions/v1/provider-callback';
  const job = sampleImageJob({ provider_job_id: 'fashn:tryon:p1' });
  const signed = async (secret = 'cb-secret') =>
    new URL(
      await signCallbackUrl(
        base,
        secret,
        { kind: 'image', id: job.image_id, attempt: 1 },
        Math.floor(Date.now() / 1000) + 60,
      ),
    );

  it('answers 400 for a bad signature without touching the store', async () => {
    const { store, calls } = memoryStore({});
    const answer = await engineWith(store, provider({})).callback(await signed('other-secret'), {});
    expect(answer.status).toBe(400);
    expect(calls).toEqual([]);
  });

  it('unknown → 400, stale → 409, early or busy → kept and 202 at once, without asking again', async () => {
    const unknown = memoryStore({}, [{ result: 'unknown' }]);
    expect((await engineWith(unknown.store, provider({})).callback(await signed(), {})).status).toBe(400);
    const stale = memoryStore({}, [{ result: 'stale' }]);
    expect((await engineWith(stale.store, provider({})).callback(await signed(), {})).status).toBe(409);
    for (const reason of ['early', 'busy'] as const) {
      const kept = memoryStore({}, [
        { result: 'stored', reason },
        { result: 'ok', job },
      ]);
      const answer = await engineWith(kept.store, provider({})).callback(await signed(), { id: 'p1' });
      expect(answer).toEqual({ status: 202, body: { status: 'accepted', reason } });
      // one look, the body handed to the store with it, nothing else
      expect(kept.calls).toEqual([['beginCallback', 'image', job.image_id, 1, { id: 'p1' }, 60]]);
    }
  });
});

describe('engine: watermarked copies of older images', () => {
  const mark = (over: Partial<WatermarkJob> = {}): WatermarkJob => ({
    kind: 'watermark',
    image_id: 'img-1',
    user_id: 'u1',
    project_id: 'p1',
    generated_path: 'u1/p1/img-1.png',
    attempt: 1,
    ...over,
  });

  it('draws the copy from the clean image, stores it under the same name and records it', async () => {
    const clean = await outputPng();
    const { store, calls, uploads } = memoryStore({}, [], {
      jobs: [mark()],
      objects: new Map([['generated/u1/p1/img-1.png', clean]]),
    });
    const report = await engineWith(store, provider({})).dispatch('w');
    expect(report.claimed.watermarks).toBe(1);
    expect(report.watermarked).toBe(1);
    const copy = uploads.get('watermarked/u1/p1/img-1.png');
    expect(copy).toBeDefined();
    const before = await decodePng(clean);
    const after = await decodePng(copy as Uint8Array);
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    let changed = 0;
    for (let i = 0; i < after.data.length; i += 4) if (after.data[i] !== before.data[i]) changed++;
    expect(changed).toBeGreaterThan(0);
    expect(Buffer.from(copy as Uint8Array).toString('latin1')).toContain('watermarked (free plan)');
    expect(calls.find((c) => c[0] === 'finishWatermark')).toEqual([
      'finishWatermark',
      'img-1',
      {
        path: 'u1/p1/img-1.png',
        url: 'https://ref.supabase.co/storage/v1/object/authenticated/watermarked/u1/p1/img-1.png',
      },
      5,
      3,
    ]);
    // nothing else was touched: no provider work, no clean image written
    expect([...uploads.keys()]).toEqual(['watermarked/u1/p1/img-1.png']);
  });

  it('a missing or unreadable clean image is reported as this attempt’s error (retried, then failed)', async () => {
    const { store, calls, uploads } = memoryStore({}, [], {
      jobs: [mark(), mark({ image_id: 'img-2', generated_path: 'u1/p1/img-2.png', attempt: 3 })],
      objects: new Map([['generated/u1/p1/img-2.png', new Uint8Array([1, 2, 3])]]),
    });
    const report = await engineWith(store, provider({})).dispatch('w');
    expect(report).toMatchObject({ watermarked: 0, retried: 1, failed: 1 });
    const finishes = calls.filter((c) => c[0] === 'finishWatermark');
    expect(finishes.map((c) => c[1])).toEqual(['img-1', 'img-2']);
    expect(finishes[0][2]).toMatchObject({ error: expect.stringContaining('Object not found') });
    expect(finishes[1][2]).toMatchObject({ error: expect.stringContaining('not a PNG') });
    expect(uploads.size).toBe(0);
  });
});

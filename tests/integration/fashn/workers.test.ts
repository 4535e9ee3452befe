// The preview renderer runs on worker threads: the stack keeps answering while a clip
// renders, and a render worker that dies fails only the prediction it was rendering.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readWebmInfo } from '../../../supabase/local/media/webm-info.ts';
import { startOwnStack, type OwnStack } from '../auth/own-stack.ts';
import { fetchBytes, run, settle, startHarness, status, teeOnWhite, type Harness } from './support.ts';

// In this test process the renderer's code may run only where vitest does not load it: on the
// worker threads (plain Node + tsx). Called on the main thread, it fails the prediction.
vi.mock(import('../../../supabase/local/fashn/models.ts'), async (original) => ({
  ...(await original()),
  render: () => Promise.reject(new Error('rendered on the main thread')),
}));

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the local stack while the preview renderer works', () => {
  it('answers REST and auth requests while a clip renders, before the clip is done', async () => {
    // a stack of this test's own, in this process: its main thread is the one that must stay free
    const before = process.env.LOCAL_FASHN_WORKERS;
    process.env.LOCAL_FASHN_WORKERS = '1';
    const own: OwnStack = await startOwnStack().finally(() => {
      if (before === undefined) delete process.env.LOCAL_FASHN_WORKERS;
      else process.env.LOCAL_FASHN_WORKERS = before;
    });
    closers.push(() => own.close());
    const api = `${own.url}/_dev/fashn/v1`;
    const image = `data:image/jpeg;base64,${(await teeOnWhite('#1f5f8b', 600)).toString('base64')}`;
    const clip = await run(api, 'image-to-video', { image, prompt: 'runway walk', duration: 10 });
    expect(clip.status).toBe(200);
    const id = clip.body.id as string;
    await until(
      'the clip to be processing',
      async () => (await status(api, id)).body.status === 'processing',
    );

    const headers = { apikey: own.stack.keys.anon };
    const answered: string[] = [];
    for (let i = 0; i < 5; i++) {
      const rest = await fetch(`${own.url}/rest/v1/plans?select=id`, { headers });
      expect(rest.status).toBe(200);
      expect(((await rest.json()) as unknown[]).length).toBeGreaterThan(0);
      const auth = await fetch(`${own.url}/auth/v1/settings`, { headers });
      expect(auth.status).toBe(200);
      await auth.arrayBuffer();
      answered.push(`rest ${i}`, `auth ${i}`);
    }
    // every request was answered while the clip was still being drawn
    expect((await status(api, id)).body.status).toBe('processing');
    expect(answered).toHaveLength(10);

    const { final } = await settle(api, id, 120_000);
    expect(final.error).toBeNull(); // not 'rendered on the main thread'
    expect(final.status).toBe('completed');
    const info = await readWebmInfo((await fetchBytes(final.output[0])).bytes);
    expect(info).toMatchObject({ codec: 'vp8', width: 720, height: 1080, durationMs: 10_000 });
  }, 180_000);
});

describe('a render worker that dies', () => {
  it('fails only the prediction it was rendering (PipelineError); the pool replaces it', async () => {
    // one worker, two predictions processing at once: the second waits for the worker
    const h: Harness = await startHarness({ workers: 1, concurrency: 2 });
    closers.push(() => h.close());
    const pool = h.endpoint.renderer.pool;
    expect(pool).not.toBeNull();
    const image = `data:image/jpeg;base64,${(await teeOnWhite('#8b1f4f', 600)).toString('base64')}`;

    const clip = await run(
      h.api,
      'image-to-video',
      { image, duration: 10 },
      { webhook: `${h.url}/hook/clip` },
    );
    await until(
      'the clip to be processing',
      async () => (await status(h.api, clip.body.id)).body.status === 'processing',
    );
    const removal = await run(h.api, 'background-remove', { image });
    await until(
      'the removal to be processing',
      async () => (await status(h.api, removal.body.id)).body.status === 'processing',
    );
    const [worker] = await until(
      'the render worker',
      async () => pool!.workers.length === 1 && pool!.workers,
    );

    await worker.terminate(); // as if it had crashed mid-render

    const failed = await settle(h.api, clip.body.id, 60_000);
    expect(failed.final).toMatchObject({
      status: 'failed',
      output: null,
      error: { name: 'PipelineError', message: expect.stringMatching(/render worker stopped unexpectedly/) },
    });
    const webhook = await until('the failure webhook', async () =>
      h.webhooks.find((w) => w.path === '/hook/clip'),
    );
    expect(webhook.body).toEqual(failed.final);

    // the prediction that was waiting for the worker renders on its replacement
    const done = await settle(h.api, removal.body.id, 60_000);
    expect(done.final.status).toBe('completed');
    expect(pool!.started).toBe(2);
    // and the endpoint keeps working
    const again = await run(h.api, 'background-remove', { image });
    expect((await settle(h.api, again.body.id, 60_000)).final.status).toBe('completed');
  }, 120_000);
});

describe('closing the endpoint while a clip renders', () => {
  it('ends the render worker at once; the clip stays unfinished and renders after a restart', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-fashn-workers-'));
    closers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const image = `data:image/jpeg;base64,${(await teeOnWhite('#4f8b1f', 600)).toString('base64')}`;

    const before = await startHarness({ workers: 1 }, dataDir);
    const clip = await run(before.api, 'image-to-video', { image, duration: 10 });
    await until(
      'the clip to be processing',
      async () => (await status(before.api, clip.body.id)).body.status === 'processing',
    );
    const [worker] = await until(
      'the render worker',
      async () =>
        before.endpoint.renderer.pool!.workers.length === 1 && before.endpoint.renderer.pool!.workers,
    );
    const exited = new Promise<number>((r) => worker.once('exit', r));
    await before.close();
    await exited; // the thread is gone once close() has returned
    expect(before.endpoint.renderer.pool!.workers).toEqual([]);
    const saved = JSON.parse(readFileSync(path.join(dataDir, 'predictions', `${clip.body.id}.json`), 'utf8'));
    expect(saved).toMatchObject({ status: 'processing', output: null, error: null });

    const after = await startHarness({ workers: 1 }, dataDir);
    closers.push(() => after.close());
    const { final } = await settle(after.api, clip.body.id, 120_000);
    expect(final.status).toBe('completed');
    expect(await readWebmInfo((await fetchBytes(final.output[0])).bytes)).toMatchObject({
      durationMs: 10_000,
    });
  }, 180_000);
});

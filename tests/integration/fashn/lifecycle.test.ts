// Outputs expire and stay under a disk budget; predictions survive a restart of the endpoint
// (unfinished ones run again, finished ones still answer); and the stack itself mounts the
// endpoint at /_dev/fashn.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { fetchBytes, run, settle, startHarness, status, teeOnWhite, type Harness } from './support.ts';

const opened: Harness[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const h of opened) await h.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function harness(...args: Parameters<typeof startHarness>) {
  const h = await startHarness(...args);
  opened.push(h);
  return h;
}

describe('local FASHN outputs', () => {
  it('expire after their time to live: the URL answers 404 and the sweep removes the files', async () => {
    const h = await harness({ outputTtlSeconds: 1 });
    h.files.set('tee.jpg', { bytes: await teeOnWhite(), type: 'image/jpeg' });
    const r = await run(h.api, 'background-remove', { image: `${h.url}/files/tee.jpg` });
    const { final } = await settle(h.api, r.body.id);
    expect((await fetchBytes(final.output[0])).status).toBe(200);
    const dir = path.join(h.dataDir, 'outputs', r.body.id);
    expect(existsSync(dir)).toBe(true);
    await new Promise((res) => setTimeout(res, 1100));
    expect((await fetchBytes(final.output[0])).status).toBe(404);
    expect(await h.endpoint.store.sweep()).toBe(1);
    expect(existsSync(dir)).toBe(false);
  });

  it('stay under the disk budget, oldest removed first', async () => {
    // one try-on keeps a 1024x1536 RGBA subject (6 MiB) beside its PNG: a 10 MiB budget holds one
    const h = await harness({ diskBudgetBytes: 10 * 1024 * 1024 });
    h.files.set('tee.jpg', { bytes: await teeOnWhite(), type: 'image/jpeg' });
    const inputs = {
      model_image: `${h.url}/catalogue/models/lena/01.webp`,
      garment_image: `${h.url}/files/tee.jpg`,
    };
    const first = await run(h.api, 'tryon-v1.6', inputs);
    const a = await settle(h.api, first.body.id);
    const second = await run(h.api, 'tryon-v1.6', inputs);
    const b = await settle(h.api, second.body.id);
    expect((await fetchBytes(b.final.output[0])).status).toBe(200);
    expect((await fetchBytes(a.final.output[0])).status).toBe(404);
    expect(readdirSync(path.join(h.dataDir, 'outputs'))).toEqual([second.body.id]);
    expect(h.endpoint.store.totalBytes()).toBeLessThanOrEqual(10 * 1024 * 1024);
  });
});

describe('local FASHN predictions across a restart', () => {
  it('an unfinished prediction runs again; a finished one still answers, and its saved alpha is reused', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-fashn-restart-'));
    dirs.push(dataDir);
    const tee = await teeOnWhite('#224488');

    const before = await harness({}, dataDir);
    before.files.set('tee.jpg', { bytes: tee, type: 'image/jpeg' });
    const done = await run(before.api, 'tryon-v1.6', {
      model_image: `${before.url}/catalogue/models/zoe/02.webp`,
      garment_image: `${before.url}/files/tee.jpg`,
    });
    const doneFinal = (await settle(before.api, done.body.id)).final;
    await before.close();
    opened.splice(opened.indexOf(before), 1);

    // a second endpoint that stops before it works: its prediction stays unfinished on disk
    const slow = await harness({ stepDelayMs: 60_000 }, dataDir);
    const pending = await run(slow.api, 'background-remove', {
      image: `data:image/jpeg;base64,${tee.toString('base64')}`,
    });
    expect((await status(slow.api, pending.body.id)).body.status).toBe('starting');
    await slow.close();
    opened.splice(opened.indexOf(slow), 1);

    // the endpoint starts again (on a new port): the pending prediction runs to the end
    const after = await harness({}, dataDir);
    const again = await settle(after.api, pending.body.id);
    expect(again.final.status).toBe('completed');
    expect(again.final.output[0]).toBe(`${after.url}/_dev/fashn/outputs/${pending.body.id}/0.png`);
    expect((await status(after.api, done.body.id)).body).toEqual(doneFinal);

    // the finished try-on's output, addressed on the new port, still has its alpha
    const moved = doneFinal.output[0].replace(before.url, after.url);
    const removed = await run(after.api, 'background-remove', { image: moved });
    const { final } = await settle(after.api, removed.body.id);
    expect(final.status).toBe('completed');
    const meta = JSON.parse(
      (await import('node:fs')).readFileSync(
        path.join(dataDir, 'outputs', removed.body.id, 'meta.json'),
        'utf8',
      ),
    );
    expect(meta).toMatchObject({
      renderer: 'drape-local-preview',
      note: 'preview renderer, not a generative model',
      details: { alpha: 'saved' },
    });
  });
});

describe('the local stack mounts the endpoint', () => {
  it('at /_dev/fashn, with outputs served under the stack URL', async () => {
    const stack = inject('stack');
    const api = `${stack.url}/_dev/fashn/v1`;
    const garment = `data:image/jpeg;base64,${(await teeOnWhite('#7a3fa0', 400)).toString('base64')}`;
    const r = await run(api, 'tryon-v1.6', {
      model_image: `${stack.url}/catalogue/models/maya/03.webp`,
      garment_image: garment,
      category: 'auto',
    });
    expect(r.status).toBe(200);
    const { final } = await settle(api, r.body.id, 60_000);
    expect(final.status).toBe('completed');
    expect(final.output[0].startsWith(`${stack.url}/_dev/fashn/outputs/${r.body.id}/`)).toBe(true);
    const out = await fetchBytes(final.output[0]);
    expect(out.status).toBe(200);
    expect(out.headers.get('x-drape-renderer')).toBe('drape-local-preview');
    expect(existsSync(path.join(stack.dataDir, 'fashn', 'outputs', r.body.id, '0.png'))).toBe(true);
  });
});

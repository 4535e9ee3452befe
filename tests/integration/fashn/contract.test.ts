// The local FASHN endpoint speaks FASHN's v1 contract: run → status transitions → completed
// with output URLs (or failed with FASHN's error names), the webhook, keys, bad requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPngText } from '../../../supabase/local/fashn/render/raster.ts';
import { fetchBytes, KEY, run, settle, startHarness, status, teeOnWhite, type Harness } from './support.ts';

describe('local FASHN endpoint: the v1 contract', () => {
  let h: Harness;
  let model: string;
  let garment: string;

  beforeAll(async () => {
    // a pause before each state change, so a poller sees every one of them
    h = await startHarness({ stepDelayMs: 500 });
    model = `${h.url}/catalogue/models/sofia/01.webp`;
    h.files.set('tee.jpg', { bytes: await teeOnWhite(), type: 'image/jpeg' });
    h.files.set('not-an-image.jpg', {
      bytes: Buffer.from('this is plain text, not a JPEG'),
      type: 'image/jpeg',
    });
    garment = `${h.url}/files/tee.jpg`;
  });
  afterAll(() => h?.close());

  it('run → starting → in_queue → processing → completed, with output URLs that serve the PNG', async () => {
    const r = await run(h.api, 'tryon-v1.6', {
      model_image: model,
      garment_image: garment,
      category: 'auto',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), error: null });

    const { final, seen } = await settle(h.api, r.body.id);
    expect(seen).toEqual(['starting', 'in_queue', 'processing', 'completed']);
    expect(final).toEqual({
      id: r.body.id,
      status: 'completed',
      output: [`${h.url}/_dev/fashn/outputs/${r.body.id}/0.png`],
      error: null,
    });

    const out = await fetchBytes(final.output[0]);
    expect(out.status).toBe(200);
    expect(out.headers.get('content-type')).toBe('image/png');
    expect(out.headers.get('x-drape-renderer')).toBe('drape-local-preview');
    expect(readPngText(out.bytes)).toMatchObject({
      Software: 'drape-local-preview',
      Comment: 'preview renderer, not a generative model',
    });
  });

  it('posts the final status body to webhook_url (query parameter, as FASHN documents it)', async () => {
    const r = await run(
      h.api,
      'background-remove',
      { image: garment },
      { webhook: `${h.url}/hook/done?job=1` },
    );
    const { final } = await settle(h.api, r.body.id);
    expect(final.status).toBe('completed');
    await expect
      .poll(() => h.webhooks.find((w) => w.body.id === r.body.id)?.body, { timeout: 5000 })
      .toEqual(final);
    expect(h.webhooks.find((w) => w.body.id === r.body.id)?.path).toBe('/hook/done?job=1');
  });

  it('takes webhook_url in the body too, posts failures, and retries a webhook that answers 500', async () => {
    h.webhookStatus.value = 500;
    try {
      const res = await fetch(`${h.api}/run`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          model_name: 'background-remove',
          inputs: { image: `${h.url}/files/missing.png` },
          webhook_url: `${h.url}/hook/fail`,
        }),
      });
      const { id } = (await res.json()) as { id: string };
      const { final } = await settle(h.api, id);
      expect(final.status).toBe('failed');
      // first attempt + 2 retries (the harness's backoff is 50 ms, 100 ms)
      await expect.poll(() => h.webhooks.filter((w) => w.body.id === id).length, { timeout: 5000 }).toBe(3);
      expect(h.webhooks.find((w) => w.body.id === id)?.body).toEqual(final);
    } finally {
      h.webhookStatus.value = 200;
    }
  });

  it('an image that cannot be fetched or decoded fails the prediction with ImageLoadError', async () => {
    for (const url of [
      `${h.url}/files/not-an-image.jpg`,
      `${h.url}/files/nothing-here.png`,
      'data:image/png;base64,AAAA',
    ]) {
      const r = await run(h.api, 'tryon-v1.6', { model_image: model, garment_image: url });
      expect(r.status).toBe(200);
      const { final } = await settle(h.api, r.body.id);
      expect(final.status).toBe('failed');
      expect(final.output).toBeNull();
      expect(final.error.name).toBe('ImageLoadError');
      expect(final.error.message).toMatch(/Unable to load image/);
    }
  });

  it('the magic word __reject__ fails with ContentModerationError', async () => {
    const r = await run(h.api, 'image-to-video', { image: garment, prompt: 'slow zoom __reject__' });
    const { final } = await settle(h.api, r.body.id);
    expect(final).toMatchObject({
      status: 'failed',
      output: null,
      error: { name: 'ContentModerationError' },
    });
    const r2 = await run(h.api, 'background-remove', { image: `${h.url}/files/__reject__.png` });
    expect((await settle(h.api, r2.body.id)).final.error.name).toBe('ContentModerationError');
  });

  it('answers 400 BadRequest for an unknown model or a missing input, before any prediction exists', async () => {
    const unknown = await run(h.api, 'tryon-v9', { model_image: model, garment_image: garment });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      name: 'BadRequest',
      message: expect.stringMatching(/model_name/),
    });
    const missing = await run(h.api, 'tryon-v1.6', { model_image: model });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      name: 'BadRequest',
      message: expect.stringMatching(/garment_image/),
    });
    const badCategory = await run(h.api, 'tryon-v1.6', {
      model_image: model,
      garment_image: garment,
      category: 'hats',
    });
    expect(badCategory.status).toBe(400);
    const noBackground = await run(h.api, 'background-change', { image: garment });
    expect(noBackground.status).toBe(400);
    const badDuration = await run(h.api, 'image-to-video', { image: garment, duration: 7 });
    expect(badDuration.status).toBe(400);
    const notJson = await fetch(`${h.api}/run`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}` },
      body: '{nope',
    });
    expect(notJson.status).toBe(400);
  });

  it('answers 401 without a Bearer key, and 404 for an unknown prediction', async () => {
    const none = await run(h.api, 'background-remove', { image: garment }, { key: null });
    expect(none.status).toBe(401);
    expect(none.body.error.name).toBe('UnauthorizedAccess');
    const unknown = await status(h.api, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.name).toBe('NotFound');
  });
});

describe('local FASHN endpoint with LOCAL_FASHN_KEY set', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ apiKey: 'only-this-key' });
  });
  afterAll(() => h?.close());

  it('accepts only that key', async () => {
    const inputs = { image: 'data:image/png;base64,AAAA' };
    const wrong = await run(h.api, 'background-remove', inputs, { key: 'some-other-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      error: { name: 'UnauthorizedAccess', message: 'Unauthorized: Invalid token' },
      message: 'Unauthorized: Invalid token',
    });
    expect((await status(h.api, '00000000-0000-4000-8000-000000000000', 'some-other-key')).status).toBe(401);
    const right = await run(h.api, 'background-remove', inputs, { key: 'only-this-key' });
    expect(right.status).toBe(200);
  });
});

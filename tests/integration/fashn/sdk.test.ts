// The unmodified official SDK (npm `fashn`) against the local endpoint: what Drape's provider
// runs in production meets the stand-in exactly as it meets FASHN — subscribe (run + status
// polling) for every model Drape uses, a webhook delivery, a moderation failure, a bad key.
import Fashn, { AuthenticationError, BadRequestError } from 'fashn';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, teeOnWhite } from './support.ts';

const KEY = 'sdk-test-key';

describe('the fashn SDK against /_dev/fashn', () => {
  let h: Harness;
  let client: Fashn;
  let garment: string;
  let model: string;
  let background: string;

  beforeAll(async () => {
    h = await startHarness({ apiKey: KEY });
    h.files.set('tee.jpg', { bytes: await teeOnWhite(), type: 'image/jpeg' });
    garment = `${h.url}/files/tee.jpg`;
    model = `${h.url}/catalogue/models/sofia/02.webp`;
    background = `${h.url}/catalogue/backgrounds/beach.webp`;
    client = new Fashn({ apiKey: KEY, baseURL: `${h.url}/_dev/fashn`, maxRetries: 0, logLevel: 'off' });
  });
  afterAll(() => h?.close());

  const subscribe = (params: Fashn.PredictionRunParams) =>
    client.predictions.subscribe({ ...params, pollInterval: 100, timeout: 60_000 });

  async function size(url: string) {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    return sharp(Buffer.from(await res.arrayBuffer())).metadata();
  }

  it('product-to-model on a catalogue model, 1k and 4k', async () => {
    const hd = await subscribe({
      model_name: 'product-to-model',
      inputs: {
        product_image: garment,
        model_image: model,
        image_prompt: background,
        prompt: 'background: beach',
      },
    });
    expect(hd).toMatchObject({ status: 'completed', error: null });
    expect(await size(hd.output![0])).toMatchObject({ width: 1024, height: 1536, format: 'png' });

    const uhd = await subscribe({
      model_name: 'product-to-model',
      inputs: { product_image: garment, model_image: model, resolution: '4k' },
    });
    expect(await size(uhd.output![0])).toMatchObject({ width: 2731, height: 4096 });
  }, 90_000);

  it('product-to-model without a model image: a described person, 2:3', async () => {
    const r = await subscribe({
      model_name: 'product-to-model',
      inputs: { product_image: garment, prompt: 'a man in his 50s with grey hair', aspect_ratio: '2:3' },
    });
    expect(r.status).toBe('completed');
    expect(await size(r.output![0])).toMatchObject({ width: 1024, height: 1536 });
  }, 60_000);

  it('background-remove and image-to-video (and the try-on models still served)', async () => {
    const removed = await subscribe({ model_name: 'background-remove', inputs: { image: garment } });
    expect(removed.status).toBe('completed');
    expect(await size(removed.output![0])).toMatchObject({ channels: 4 });

    const tryon = await subscribe({
      model_name: 'tryon-v1.6',
      inputs: { model_image: model, garment_image: garment, category: 'tops' },
    });
    expect(tryon.status).toBe('completed');
    const changed = await subscribe({
      model_name: 'background-change',
      inputs: { image: tryon.output![0], prompt: 'sandy beach by the sea' },
    });
    expect(changed.status).toBe('completed');

    const clip = await subscribe({
      model_name: 'image-to-video',
      inputs: { image: changed.output![0], prompt: 'slow camera zoom in on the garment', duration: 5 },
    });
    expect(clip.status).toBe('completed');
    const res = await fetch(clip.output![0]);
    expect(res.headers.get('content-type')).toBe('video/webm');
  }, 120_000);

  it('a webhook delivery carries the final status the SDK reads', async () => {
    const started = await client.predictions.run({
      model_name: 'background-remove',
      inputs: { image: garment },
      webhook_url: `${h.url}/hook/sdk`,
    });
    expect(started).toEqual({ id: expect.any(String), error: null });
    await expect
      .poll(() => h.webhooks.find((w) => w.body?.id === started.id), { timeout: 30_000 })
      .toBeTruthy();
    const hook = h.webhooks.find((w) => w.body?.id === started.id)!;
    expect(hook.path).toBe('/hook/sdk');
    const status = await client.predictions.status(started.id);
    expect(hook.body).toEqual(status);
    expect(status.status).toBe('completed');
  }, 60_000);

  it('a moderation failure ends the prediction failed with ContentModerationError', async () => {
    const r = await subscribe({
      model_name: 'product-to-model',
      inputs: { product_image: garment, prompt: '__reject__' },
    });
    expect(r.status).toBe('failed');
    expect(r.error).toMatchObject({ name: 'ContentModerationError' });
  }, 30_000);

  it('a bad key is an AuthenticationError; a bad request a BadRequestError', async () => {
    const stranger = new Fashn({
      apiKey: 'wrong',
      baseURL: `${h.url}/_dev/fashn`,
      maxRetries: 0,
      logLevel: 'off',
    });
    const denied = await stranger.predictions
      .run({ model_name: 'background-remove', inputs: { image: garment } })
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(AuthenticationError);
    expect((denied as AuthenticationError).status).toBe(401);

    const bad = await client.predictions
      .run({ model_name: 'product-to-model', inputs: { product_image: garment, resolution: '8k' as '4k' } })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect((bad as BadRequestError).message).toContain('inputs.resolution');
  });
});

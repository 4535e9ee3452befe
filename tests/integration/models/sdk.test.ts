// The unmodified official SDK (npm `fashn`) completes every model the Custom Model Creator
// uses on /_dev/fashn — model-create for the front view, model-create with a face reference for
// the back and side views, product-to-model with a saved view as model_image — with the
// requests Drape's provider builds. The local renderer draws the same person from the same
// words and seed, in every view.
import Fashn from 'fashn';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelViewRequest } from '../../../supabase/functions/_shared/providers/fashn.ts';
import type { ModelView } from '../../../supabase/functions/_shared/providers/person.ts';
import type { ToolJob } from '../../../supabase/functions/_shared/providers/types.ts';
import { lookFromPrompt } from '../../../supabase/local/fashn/render/model-create.ts';
import { type Harness, startHarness, teeOnWhite } from '../fashn/support.ts';

const KEY = 'sdk-models-key';

const person = {
  gender: 'women' as const,
  age_range: '26-35',
  body: 'curvy',
  skin: 'dark',
  hair: 'curly',
  style: 'elegant',
  details: 'freckles',
};

function job(view: ModelView, seed = 1234): ToolJob & { seller_model: NonNullable<ToolJob['seller_model']> } {
  return {
    kind: 'tool',
    job_id: `job-${view}`,
    user_id: 'u',
    tool: 'model-creator',
    attempt: 1,
    input_path: 'u/m/front.png',
    email: null,
    provider_job_id: null,
    seller_model: { id: 'm', view, seed, ...person },
  };
}

describe("the fashn SDK and the Creator's models on /_dev/fashn", () => {
  let h: Harness;
  let client: Fashn;

  beforeAll(async () => {
    h = await startHarness({ apiKey: KEY });
    h.files.set('tee.jpg', { bytes: await teeOnWhite(), type: 'image/jpeg' });
    client = new Fashn({ apiKey: KEY, baseURL: `${h.url}/_dev/fashn`, maxRetries: 0, logLevel: 'off' });
  });
  afterAll(() => h?.close());

  const subscribe = (params: Fashn.PredictionRunParams) =>
    client.predictions.subscribe({ ...params, pollInterval: 100, timeout: 60_000 });
  const bytesOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

  it('model-create front, then back and side with the front as face reference, then product-to-model on a view', async () => {
    const front = await subscribe(
      modelViewRequest(job('front'), { faceReferenceUrl: null, callbackUrl: null }),
    );
    expect(front).toMatchObject({ status: 'completed', error: null });
    const frontUrl = front.output![0];
    expect(await sharp(await bytesOf(frontUrl)).metadata()).toMatchObject({
      format: 'png',
      width: 1024,
      height: 1536,
    });

    const views: Record<string, Buffer> = {};
    for (const view of ['back', 'side'] as const) {
      const r = await subscribe(
        modelViewRequest(job(view), { faceReferenceUrl: frontUrl, callbackUrl: null }),
      );
      expect(r).toMatchObject({ status: 'completed', error: null });
      views[view] = await bytesOf(r.output![0]);
    }
    const frontBytes = await bytesOf(frontUrl);
    expect(views.back.equals(frontBytes)).toBe(false);
    expect(views.side.equals(views.back)).toBe(false);

    // the same words and seed draw the same picture again; another seed another person
    const again = await subscribe(
      modelViewRequest(job('front'), { faceReferenceUrl: null, callbackUrl: null }),
    );
    expect((await bytesOf(again.output![0])).equals(frontBytes)).toBe(true);
    const other = await subscribe(
      modelViewRequest(job('front', 99), { faceReferenceUrl: null, callbackUrl: null }),
    );
    expect(other.status).toBe('completed');

    // a saved view as model_image, as a generation with a saved model sends it
    const worn = await subscribe({
      model_name: 'product-to-model',
      inputs: { product_image: `${h.url}/files/tee.jpg`, model_image: frontUrl, resolution: '1k' },
    });
    expect(worn).toMatchObject({ status: 'completed', error: null });
  }, 120_000);

  it('a face reference that cannot be loaded fails the prediction (ImageLoadError)', async () => {
    const r = await subscribe(
      modelViewRequest(job('back'), { faceReferenceUrl: `${h.url}/files/missing.png`, callbackUrl: null }),
    );
    expect(r.status).toBe('failed');
    expect(r.error?.name).toBe('ImageLoadError');
  }, 60_000);

  it("one identity: the three views' prompts draw the same look; another seed or description another", () => {
    const prompt = (view: ModelView, seed = 1234) =>
      modelViewRequest(job(view, seed), {
        faceReferenceUrl: 'http://x/front.png',
        callbackUrl: null,
      }).inputs.prompt;
    const looks = (['front', 'back', 'side'] as const).map((v) => lookFromPrompt(prompt(v), 1234));
    expect(new Set(looks.map((l) => JSON.stringify(l))).size).toBe(1);
    expect(looks[0]).toMatchObject({
      gender: 'women',
      skin: '#5b3826',
      hairStyle: 'curly-volume',
      freckles: true,
    });
    const seeds = new Set(Array.from({ length: 8 }, (_, n) => lookFromPrompt(prompt('front'), n).slug));
    expect(seeds.size).toBe(8);
  });
});

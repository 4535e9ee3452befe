// The inputs a provider is given, alone: signed URLs of the seller's own objects, catalogue
// URLs (the blurred background when asked, none for Original or a custom one), the signed
// callback URL (none when callbacks are off), and a video without an image refused.
import { describe, expect, it } from 'vitest';
import { sampleImageJob } from '../providers/testing.ts';
import { ProviderError, type VideoJob } from '../providers/types.ts';
import { verifyCallbackUrl } from './callback-url.ts';
import { callbackUrlFor, catalogueUrl, idOf, imageInputs, kindOf, videoInputs } from './inputs.ts';
import { memoryStore, scriptedProvider, testContext } from './testing.ts';

const ctx = (secret: string | null = 'cb-secret') =>
  testContext(memoryStore().store, scriptedProvider().provider, { callbackSecret: secret });

describe('inputs', () => {
  it('names a job by kind and id', () => {
    const job = sampleImageJob();
    expect([kindOf(job), idOf(job)]).toEqual(['image', job.image_id]);
  });

  it('signs a callback URL for this attempt, or none without a secret', async () => {
    const job = sampleImageJob({ attempt: 2 });
    const url = await callbackUrlFor(ctx(), job);
    const verified = await verifyCallbackUrl(new URL(url!), 'cb-secret', Math.floor(Date.now() / 1000));
    expect(verified).toMatchObject({ ok: true, target: { kind: 'image', id: job.image_id, attempt: 2 } });
    expect(await callbackUrlFor(ctx(null), job)).toBeNull();
  });

  it('catalogue URLs are absolute; a missing path is none', () => {
    expect(catalogueUrl(ctx(), 'catalogue/models/sofia/01.webp')).toMatch(
      /^https?:\/\/[^/]+\/catalogue\/models\/sofia\/01\.webp$/,
    );
    expect(catalogueUrl(ctx(), null)).toBeNull();
  });

  it('an image: the signed product photo, the model in its pose, the blurred background when asked', async () => {
    const job = sampleImageJob({ background_blurred: true });
    const inputs = await imageInputs(ctx(), job);
    expect(inputs.productUrl).toBe(`https://store.test/sign/uploads/${job.product_path}?token=t`);
    if (!job.model.custom) expect(inputs.modelImageUrl).toContain(job.model.pose_image_path);
    if (!job.background.custom && job.background.blurred_image_path)
      expect(inputs.backgroundImageUrl).toContain(job.background.blurred_image_path);
    const custom = await imageInputs(
      ctx(),
      sampleImageJob({ background: { id: 9999, custom: true, description: 'a café' } }),
    );
    expect(custom.backgroundImageUrl).toBeNull();
  });

  it('a video without a finished image is a permanent failure', async () => {
    const video = { kind: 'video', image_path: '' } as unknown as VideoJob;
    await expect(videoInputs(ctx(), video)).rejects.toBeInstanceOf(ProviderError);
  });
});

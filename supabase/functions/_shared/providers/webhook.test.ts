import { describe, expect, it } from 'vitest';
import {
  json,
  sampleImageJob,
  sampleInputs,
  sampleToolJob,
  sampleVideoJob,
  scriptedFetch,
} from './testing.ts';
import type { ProviderError } from './types.ts';
import { createWebhookProvider, workflowBody, workflowPose, workflowProgress } from './webhook.ts';

const URLS = {
  onModelUrl: 'https://flows.example/webhook/on-model',
  flatLayUrl: 'https://flows.example/webhook/flat-lay',
  videoUrl: 'https://flows.example/webhook/video',
  backgroundRemovalUrl: 'https://flows.example/webhook/remove-bg',
};

describe('webhook adapter: the spec 2 §7 body', () => {
  it('sends every field of the generation workflow, and the callback URL', () => {
    const inputs = sampleInputs();
    expect(workflowBody(sampleImageJob(), inputs)).toEqual({
      modelName: 'Sofia',
      modelImageUrl: inputs.modelImageUrl,
      projectType: 'on-model',
      projectName: 'Summer Dress',
      background: 'Beach',
      pose: 'backview looking over the shoulder',
      backgroundBlurred: false,
      email: 'seller@example.test',
      backgroundUrl: inputs.backgroundImageUrl,
      subscriptionPlan: 'free',
      uid: '33333333-3333-4333-8333-333333333333',
      creditsRemaining: 1,
      uploadedFileUrl: inputs.productUrl,
      projectId: '22222222-2222-4222-8222-222222222222',
      originalImageId: '11111111-1111-4111-8111-111111111111',
      callbackUrl: inputs.callbackUrl,
    });
  });

  it("'back view' is sent as 'backview looking over the shoulder', whatever the stored prompt", () => {
    expect(workflowPose({ name: 'Back View', prompt: null })).toBe('backview looking over the shoulder');
    expect(workflowPose({ name: 'back view', prompt: 'back view' })).toBe(
      'backview looking over the shoulder',
    );
    expect(workflowPose({ name: 'Front View', prompt: 'front view' })).toBe('front view');
    expect(workflowPose({ name: 'Side View', prompt: null })).toBe('side view');
  });

  it('a custom model has an empty image URL and the description as text; so does a custom background', () => {
    const job = sampleImageJob({
      model: {
        id: 9999,
        custom: true,
        description: 'tall man with a grey beard',
        gender: 'women',
        default_image_path: '/catalogue/models/sofia/01.webp',
      },
      background: { id: 9999, custom: true, description: 'a Paris café terrace' },
      background_blurred: true,
    });
    const body = workflowBody(job, sampleInputs({ backgroundImageUrl: null }));
    expect(body).toMatchObject({
      modelName: 'Custom model: tall man with a grey beard',
      modelImageUrl: '',
      background: 'Custom background: a Paris café terrace',
      backgroundUrl: '',
      backgroundBlurred: true,
    });
  });
});

describe('webhook adapter: submitting', () => {
  it('posts on-model and flat-lay to their own URLs with the 400 s time-out and returns without waiting', async () => {
    const fetch = scriptedFetch([json({ ok: true }), json({ ok: true })]);
    const p = createWebhookProvider({ ...URLS, fetch });
    const job = sampleImageJob();
    expect(await p.submitOnModel(job, sampleInputs())).toEqual({ handle: `webhook:image:${job.image_id}:1` });
    await p.submitFlatLay(sampleImageJob({ project_type: 'flat-lay', attempt: 2 }), sampleInputs());
    expect(fetch.calls.map((c) => c.url)).toEqual([URLS.onModelUrl, URLS.flatLayUrl]);
    expect(fetch.calls[0].headers['content-type']).toBe('application/json');
  });

  it('a workflow still working after the accept window keeps running in the background', async () => {
    let release!: (r: Response) => void;
    const pending = new Promise<Response>((resolve) => {
      release = resolve;
    });
    const kept: Promise<unknown>[] = [];
    const p = createWebhookProvider({
      ...URLS,
      acceptMs: 20,
      fetch: () => pending,
      keepAlive: (w) => kept.push(w),
    });
    const started = Date.now();
    const submitted = await p.submitOnModel(sampleImageJob(), sampleInputs());
    expect(Date.now() - started).toBeLessThan(1000);
    expect(submitted.progress).toBeUndefined();
    expect(kept).toHaveLength(1);
    release(json({}));
    await kept[0];
  });

  it('a workflow that answers with a result finishes at once; errors are sorted by status', async () => {
    const fetch = scriptedFetch([
      json({ imageUrl: 'https://cdn.example/result.png' }),
      json({ message: 'down' }, 503),
      json({ message: 'bad input' }, 422),
      new TypeError('fetch failed'),
    ]);
    const p = createWebhookProvider({ ...URLS, fetch });
    expect((await p.submitOnModel(sampleImageJob(), sampleInputs())).progress).toEqual({
      state: 'completed',
      outputs: ['https://cdn.example/result.png'],
    });
    for (const kind of ['transient', 'permanent', 'transient']) {
      const err = await p.submitOnModel(sampleImageJob(), sampleInputs()).catch((e) => e);
      expect((err as ProviderError).failure.kind).toBe(kind);
    }
  });

  it('background removal posts {photoUrl, userId, email, timestamp} and reads any of the result keys', async () => {
    const fetch = scriptedFetch([json({ processedUrl: 'https://cdn.example/nobg.png' })]);
    const now = new Date('2026-11-22T10:00:00Z');
    const p = createWebhookProvider({ ...URLS, fetch, now: () => now });
    const job = sampleToolJob();
    const r = await p.submitBackgroundRemoval(job, {
      imageUrl: 'https://s/in.png',
      callbackUrl: 'https://cb',
    });
    expect(r.progress).toEqual({ state: 'completed', outputs: ['https://cdn.example/nobg.png'] });
    expect(fetch.calls[0].body).toEqual({
      photoUrl: 'https://s/in.png',
      userId: job.user_id,
      email: 'seller@example.test',
      timestamp: '2026-11-22T10:00:00.000Z',
      jobId: job.job_id,
      callbackUrl: 'https://cb',
    });
  });

  it('video posts {projectId, userId, videoStyle, videoStyleName, customDescription, generatedImageUrl}', async () => {
    const fetch = scriptedFetch([json({})]);
    const job = sampleVideoJob();
    await createWebhookProvider({ ...URLS, fetch }).submitVideo(job, {
      imageUrl: 'https://s/out.png',
      callbackUrl: 'https://cb',
    });
    expect(fetch.calls[0].url).toBe(URLS.videoUrl);
    expect(fetch.calls[0].body).toEqual({
      projectId: job.project_id,
      userId: job.user_id,
      videoStyle: 'zoom-in',
      videoStyleName: 'Zoom In',
      customDescription: '',
      generatedImageUrl: 'https://s/out.png',
      callbackUrl: 'https://cb',
    });
  });

  it('a URL that is not set fails the job without a request', async () => {
    const fetch = scriptedFetch([]);
    const err = await createWebhookProvider({ ...URLS, videoUrl: null, fetch })
      .submitVideo(sampleVideoJob(), { imageUrl: 'x', callbackUrl: null })
      .catch((e) => e);
    expect((err as ProviderError).failure).toMatchObject({ kind: 'permanent', code: 'NotConfigured' });
    expect(fetch.calls).toHaveLength(0);
  });
});

describe('webhook adapter: callbacks', () => {
  it('reads completed, failed and rejected results', () => {
    expect(workflowProgress({ status: 'completed', imageUrl: 'https://cdn/x.png' })).toEqual({
      state: 'completed',
      outputs: ['https://cdn/x.png'],
    });
    expect(workflowProgress({ output: ['https://cdn/y.png'] })).toEqual({
      state: 'completed',
      outputs: ['https://cdn/y.png'],
    });
    expect(workflowProgress({ status: 'failed', error: 'model crashed' })).toMatchObject({
      state: 'failed',
      failure: { kind: 'permanent', message: 'model crashed' },
    });
    expect(workflowProgress({ status: 'rejected', message: 'lingerie' })).toMatchObject({
      state: 'failed',
      failure: { kind: 'rejected' },
    });
    expect(workflowProgress({ status: 'processing' })).toEqual({ state: 'running' });
    expect(workflowProgress('nope')).toMatchObject({ state: 'failed' });
  });

  it('polling a workflow job waits for its callback', async () => {
    const p = createWebhookProvider({ ...URLS, fetch: scriptedFetch([]) });
    expect(await p.poll('webhook:image:x:1', sampleImageJob(), async () => sampleInputs())).toEqual({
      state: 'running',
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  backgroundChangeRequest,
  classifyFashnError,
  createFashnProvider,
  parseFashnHandle,
  tryonRequest,
} from './fashn.ts';
import {
  json,
  sampleImageJob,
  sampleInputs,
  sampleToolJob,
  sampleVideoJob,
  scriptedFetch,
} from './testing.ts';
import { CallbackMismatch, ProviderError } from './types.ts';

const BASE = 'https://api.fashn.test';
const provider = (fetch: ReturnType<typeof scriptedFetch>) =>
  createFashnProvider({ baseUrl: BASE, apiKey: 'key-123', fetch });
const noInputs = async () => sampleInputs();

describe('fashn adapter: requests', () => {
  it('on-model starts tryon-v1.6 with the model photo, the signed garment URL, the key and the webhook', async () => {
    const fetch = scriptedFetch([json({ id: 'pred-1', error: null })]);
    const inputs = sampleInputs();
    const submitted = await provider(fetch).submitOnModel(sampleImageJob(), inputs);
    expect(submitted).toEqual({ handle: 'fashn:tryon:pred-1' });
    const [call] = fetch.calls;
    expect(call.method).toBe('POST');
    expect(call.url).toBe(`${BASE}/v1/run?webhook_url=${encodeURIComponent(inputs.callbackUrl!)}`);
    expect(call.headers.authorization).toBe('Bearer key-123');
    expect(call.body).toEqual({
      model_name: 'tryon-v1.6',
      inputs: {
        model_image: inputs.modelImageUrl,
        garment_image: inputs.productUrl,
        category: 'auto',
        garment_photo_type: 'auto',
        output_format: 'png',
      },
    });
  });

  it('a base URL given with /v1 and a trailing slash is used as FASHN documents it', async () => {
    const fetch = scriptedFetch([json({ id: 'x', error: null })]);
    await createFashnProvider({
      baseUrl: 'http://127.0.0.1:9/_dev/fashn/v1/',
      apiKey: 'k',
      fetch,
    }).submitOnModel(sampleImageJob(), sampleInputs({ callbackUrl: null }));
    expect(fetch.calls[0].url).toBe('http://127.0.0.1:9/_dev/fashn/v1/run');
  });

  it('flat-lay is a background change of the product photo, garment category from the wizard', async () => {
    const fetch = scriptedFetch([json({ id: 'pred-2', error: null })]);
    const job = sampleImageJob({ project_type: 'flat-lay', garment_types: ['full'] });
    const inputs = sampleInputs();
    expect(await provider(fetch).submitFlatLay(job, inputs)).toEqual({ handle: 'fashn:flatlay:pred-2' });
    expect(fetch.calls[0].body).toEqual({
      model_name: 'background-change',
      inputs: { image: inputs.productUrl, background_image: inputs.backgroundImageUrl, output_format: 'png' },
    });
    expect(tryonRequest(job, inputs).inputs.category).toBe('one-pieces');
  });

  it('a custom background is sent as a prompt, blurred when asked', () => {
    const job = sampleImageJob({
      background: { id: 9999, custom: true, description: 'a rooftop at dusk' },
      background_blurred: true,
    });
    expect(
      backgroundChangeRequest(job, 'https://out/1.png', sampleInputs({ backgroundImageUrl: null })).inputs,
    ).toEqual({
      image: 'https://out/1.png',
      background_prompt: 'a rooftop at dusk, softly blurred (shallow depth of field)',
      blur: true,
      output_format: 'png',
    });
  });

  it('background removal and video use background-remove and image-to-video', async () => {
    const fetch = scriptedFetch([json({ id: 'r1', error: null }), json({ id: 'v1', error: null })]);
    const p = provider(fetch);
    expect(
      await p.submitBackgroundRemoval(sampleToolJob(), { imageUrl: 'https://s/in.png', callbackUrl: null }),
    ).toEqual({ handle: 'fashn:bgremove:r1' });
    expect(
      await p.submitVideo(sampleVideoJob({ custom_description: '  slow turn  ' }), {
        imageUrl: 'https://s/out.png',
        callbackUrl: null,
      }),
    ).toEqual({
      handle: 'fashn:video:v1',
    });
    expect(fetch.calls[0].body).toEqual({
      model_name: 'background-remove',
      inputs: { image: 'https://s/in.png' },
    });
    expect(fetch.calls[1].body).toEqual({
      model_name: 'image-to-video',
      inputs: { image: 'https://s/out.png', prompt: 'slow turn', duration: 5 },
    });
  });
});

describe('fashn adapter: errors on /run', () => {
  it('5xx, 429 and network errors are transient; other 4xx are permanent', async () => {
    const cases: [Response | Error, string, string][] = [
      [json({ error: 'InternalServerError', message: 'boom' }, 500), 'transient', 'InternalServerError'],
      [json({ error: 'RateLimitExceeded', message: 'slow down' }, 429), 'transient', 'RateLimitExceeded'],
      [new TypeError('fetch failed'), 'transient', 'NetworkError'],
      [json({ error: 'BadRequest', message: 'missing garment_image' }, 400), 'permanent', 'BadRequest'],
    ];
    for (const [answer, kind, code] of cases) {
      const err = await provider(scriptedFetch([answer]))
        .submitOnModel(sampleImageJob(), sampleInputs())
        .catch((e) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect((err as ProviderError).failure).toMatchObject({ kind, code });
    }
  });

  it('a 200 without an id is transient', async () => {
    const err = await provider(scriptedFetch([json({})]))
      .submitOnModel(sampleImageJob(), sampleInputs())
      .catch((e) => e);
    expect((err as ProviderError).failure.kind).toBe('transient');
  });
});

describe('fashn adapter: status and stages', () => {
  it('running states stay running; completed returns the outputs; a flaky status call says nothing', async () => {
    const job = sampleImageJob({
      background: { ...sampleImageJob().background, keeps_original: true, image_path: null } as any,
    });
    const fetch = scriptedFetch([
      json({ id: 'p', status: 'in_queue', output: null, error: null }),
      json({ message: 'upstream' }, 502),
      json({ id: 'p', status: 'completed', output: ['https://cdn/p/0.png'], error: null }),
    ]);
    const p = provider(fetch);
    expect(await p.poll('fashn:tryon:p', job, noInputs)).toEqual({ state: 'running' });
    expect(await p.poll('fashn:tryon:p', job, noInputs)).toEqual({ state: 'running' });
    expect(await p.poll('fashn:tryon:p', job, noInputs)).toEqual({
      state: 'completed',
      outputs: ['https://cdn/p/0.png'],
    });
    expect(fetch.calls[0].url).toBe(`${BASE}/v1/status/p`);
    expect(fetch.calls[0].headers.authorization).toBe('Bearer key-123');
  });

  it('a finished try-on starts the background change of its output and moves to the new handle', async () => {
    const fetch = scriptedFetch([
      json({ id: 't', status: 'completed', output: ['https://cdn/t/0.png'], error: null }),
      json({ id: 'b', error: null }),
    ]);
    const inputs = sampleInputs();
    const progress = await provider(fetch).poll('fashn:tryon:t', sampleImageJob(), async () => inputs);
    expect(progress).toEqual({ state: 'running', handle: 'fashn:bg:b' });
    expect(fetch.calls[1].body).toEqual({
      model_name: 'background-change',
      inputs: {
        image: 'https://cdn/t/0.png',
        background_image: inputs.backgroundImageUrl,
        output_format: 'png',
      },
    });
    expect(fetch.calls[1].url).toContain('webhook_url=');
  });

  it('runtime errors: moderation rejects, load errors retry, pose errors fail', async () => {
    const statusWith = (name: string) =>
      json({ id: 'p', status: 'failed', output: null, error: { name, message: `${name} happened` } });
    const fetch = scriptedFetch([
      statusWith('ContentModerationError'),
      statusWith('ImageLoadError'),
      statusWith('PoseError'),
    ]);
    const p = provider(fetch);
    const kinds = [];
    for (let i = 0; i < 3; i++) {
      const r = await p.poll('fashn:flatlay:p', sampleImageJob(), noInputs);
      kinds.push(r.state === 'failed' ? r.failure.kind : r.state);
    }
    expect(kinds).toEqual(['rejected', 'transient', 'permanent']);
    expect(classifyFashnError('NSFWError', 'x').kind).toBe('rejected');
  });

  it('a prediction FASHN no longer tracks is tried again', async () => {
    const r = await provider(scriptedFetch([json({ error: 'NotFound' }, 404)])).poll(
      'fashn:video:p',
      sampleVideoJob(),
      noInputs,
    );
    expect(r).toMatchObject({ state: 'failed', failure: { kind: 'transient', code: 'NotFound' } });
  });

  it('a callback is checked against the handle, then the outcome is read from FASHN itself', async () => {
    const fetch = scriptedFetch([
      json({ id: 'p', status: 'completed', output: ['https://cdn/real.png'], error: null }),
    ]);
    const p = provider(fetch);
    const job = sampleToolJob();
    await expect(
      p.parseCallback(
        'fashn:bgremove:p',
        { id: 'other', status: 'completed', output: ['https://evil/x.png'] },
        job,
        noInputs,
      ),
    ).rejects.toBeInstanceOf(CallbackMismatch);
    const r = await p.parseCallback(
      'fashn:bgremove:p',
      { id: 'p', status: 'completed', output: ['https://evil/x.png'] },
      job,
      noInputs,
    );
    expect(r).toEqual({ state: 'completed', outputs: ['https://cdn/real.png'] });
    expect(fetch.calls).toHaveLength(1);
  });

  it('handles name their stage', () => {
    expect(parseFashnHandle('fashn:bg:abc-1')).toEqual({ stage: 'bg', id: 'abc-1' });
    expect(parseFashnHandle('fashn:nope:abc')).toBeNull();
    expect(parseFashnHandle('webhook:image:x:1')).toBeNull();
  });
});

// The engine against a fake FASHN server: success (webhook and polling), transient errors
// then success, permanent failure, rejection, a crashed worker's lease, and callbacks that
// must change nothing. Dispatch is run step by step here (the stack's own NOTIFY/timer
// dispatcher is off); local-stack.test.ts covers the automatic path.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signCallbackUrl } from '../../../supabase/functions/_shared/engine/callback-url.ts';
import { type FakeFashn, startFakeFashn } from './fake-fashn.ts';
import {
  balance,
  dispatchUntil,
  type EngineStack,
  imagesOf,
  must,
  projectOf,
  seller,
  startEngineStack,
  startGeneration,
  uploadProduct,
  waitFor,
} from './harness.ts';

let fake: FakeFashn;
let s: EngineStack;

beforeAll(async () => {
  fake = await startFakeFashn('fake-key');
  s = await startEngineStack({
    GENERATION_PROVIDER: 'fashn',
    FASHN_API_URL: fake.url,
    FASHN_API_KEY: 'fake-key',
    GENERATION_RETRY_BASE_SECONDS: '0',
    GENERATION_POLL_SECONDS: '0',
    CATALOGUE_BASE_URL: 'http://localhost:3000',
  });
}, 60_000);

afterAll(async () => {
  await s?.close();
  await fake?.close();
});

beforeEach(() => fake.reset());

const allDone = (projectId: string) => async () => {
  const p = await projectOf(s, projectId);
  return ['completed', 'failed', 'rejected'].includes(p.status) ? p : null;
};

describe('success', () => {
  it('free plan, on-model with a background: one product-to-model call, stored clean and watermarked', async () => {
    const u = await seller(s);
    const product = await uploadProduct(u);
    const project = await startGeneration(u, product, { pose_ids: [2] });
    expect((await balance(s, u.id)).remaining).toBe(1);

    const done = await dispatchUntil(s, 'project completed', allDone(project.id));
    expect(done.status).toBe('completed');

    // one provider call for the image, fetching a signed URL of the seller's own object
    expect(fake.runs.map((r) => r.model_name)).toEqual(['product-to-model']);
    const [run] = fake.runs;
    expect(run.inputs.product_image).toContain(`/storage/v1/object/sign/uploads/${encodeURIComponent(u.id)}`);
    expect(run.fetched.product_image).toMatchObject({ status: 200 });
    expect(run.fetched.product_image.bytes).toBeGreaterThan(1000);
    expect(JSON.stringify(fake.runs)).not.toContain('169.254.169.254');
    expect(run.inputs).toMatchObject({
      model_image: 'http://localhost:3000/catalogue/models/sofia/02.webp',
      image_prompt: 'http://localhost:3000/catalogue/backgrounds/beach.webp',
      resolution: '1k',
    });
    expect(run.authorization).toBe('Bearer fake-key');
    expect(run.webhook_url).toContain('/functions/v1/provider-callback?k=image&id=');

    const [image] = await imagesOf(s, project.id);
    expect(image).toMatchObject({
      status: 'completed',
      generated_path: `${u.id}/${project.id}/${image.id}.png`,
      watermarked_path: `${u.id}/${project.id}/${image.id}.png`,
      attempts: 1,
    });
    expect(image.generated_url).toBe(
      `${s.url}/storage/v1/object/authenticated/watermarked/${u.id}/${project.id}/${image.id}.png`,
    );
    // the provider's prediction id is not readable by the seller (its output URL derives from it)
    expect(image.provider_job_id).toMatch(/^ref:[0-9a-f]{32}$/);
    expect(image.provider_job_id).not.toContain(run.id);
    expect(image).toMatchObject({ resolution: 'HD', width: 1024, height: 1536 });

    const admin = s.service();
    const clean = Buffer.from(
      await (await must(admin.storage.from('generated').download(image.generated_path))).arrayBuffer(),
    );
    expect(clean.equals(fake.output)).toBe(true);
    const marked = Buffer.from(
      await (await must(u.client.storage.from('watermarked').download(image.watermarked_path))).arrayBuffer(),
    );
    const a = await sharp(clean).raw().toBuffer({ resolveWithObject: true });
    const b = await sharp(marked).raw().toBuffer({ resolveWithObject: true });
    expect(b.info).toMatchObject({ width: 1024, height: 1536 });
    let changed = 0;
    for (let i = 0; i < a.data.length; i += a.info.channels) if (a.data[i] !== b.data[i]) changed++;
    expect(changed / (1024 * 1536)).toBeGreaterThan(0.05);

    // charged once, nothing refunded
    expect(await balance(s, u.id)).toMatchObject({ remaining: 1, refunds: 0 });
  });

  it('a paid plan gets the clean image only, and the webhook finishes the job without a poll', async () => {
    const u = await seller(s, { plan: 'pro', credits: 5 });
    const project = await startGeneration(u, await uploadProduct(u), { background_id: 1 });
    await s.dispatch();
    const [image] = await waitFor('image completed by the webhook', async () => {
      const imgs = await imagesOf(s, project.id);
      return imgs[0].status === 'completed' ? imgs : null;
    });
    expect(fake.runs.map((r) => r.model_name)).toEqual(['product-to-model']);
    // Original keeps the model photo's background; Pro asks FASHN for 4K (scaled to 2K when larger)
    expect(fake.runs[0].inputs).toMatchObject({
      prompt: 'keep the background of the model photo',
      resolution: '4k',
    });
    expect(fake.runs[0].inputs.image_prompt).toBeUndefined();
    // (a late webhook of the previous test may land here too: count this test's prediction only)
    // answered 200 (handled) or 202 (it came before the handle was recorded: kept and acted on
    // by the step that recorded it)
    const ours = fake.webhooks.filter((w) => (w.body as { id?: string }).id === fake.runs[0].id);
    expect(ours).toHaveLength(1);
    expect([200, 202]).toContain(ours[0].status);
    expect(image.watermarked_path).toBeNull();
    expect(image.generated_url).toBe(
      `${s.url}/storage/v1/object/authenticated/generated/${image.generated_path}`,
    );
    const mine = await must(u.client.storage.from('generated').download(image.generated_path));
    expect(Buffer.from(await mine.arrayBuffer()).equals(fake.output)).toBe(true);
  });

  it('a webhook that comes before the handle is recorded is kept (202) and finishes the job in the same run', async () => {
    fake.reset({ webhookBeforeAnswer: true });
    const u = await seller(s, { plan: 'lite', credits: 2 });
    const project = await startGeneration(u, await uploadProduct(u), { background_id: 1 });
    const report = await s.dispatch();
    expect(report).toMatchObject({ submitted: 1, completed: 1 });
    // no waiting anywhere: the webhook was answered at once, and the run that recorded the
    // handle read FASHN's outcome (one status read) and finished the job
    expect(fake.webhooks.map((w) => w.status)).toEqual([202]);
    expect(fake.statusCalls).toBe(1);
    const [image] = await imagesOf(s, project.id);
    expect(image).toMatchObject({ status: 'completed', attempts: 1 });
    expect((await projectOf(s, project.id)).status).toBe('completed');
    expect(await balance(s, u.id)).toMatchObject({ remaining: 1, refunds: 0 });
    expect((await s.db.query('select * from private.pending_callbacks')).rows).toEqual([]);
  });

  it('slow success: no webhook, the prediction is polled until it completes', async () => {
    fake.reset({
      statuses: ['starting', 'in_queue', 'processing', 'processing', 'completed'],
      webhook: false,
    });
    const u = await seller(s, { plan: 'lite' });
    const project = await startGeneration(u, await uploadProduct(u), { background_id: 1 });
    const first = await s.dispatch();
    expect(first).toMatchObject({ submitted: 1 });
    const done = await dispatchUntil(s, 'polled to completion', allDone(project.id));
    expect(done.status).toBe('completed');
    expect(fake.statusCalls).toBeGreaterThanOrEqual(5);
    expect(fake.runs).toHaveLength(1);
  });

  it('flat-lay: the flat-lay photo dressed on the chosen model in the chosen pose, one call per image', async () => {
    const u = await seller(s, { plan: 'lite', credits: 3 });
    const project = await startGeneration(u, await uploadProduct(u), {
      project_type: 'flat-lay',
      model_id: 2,
      pose_ids: [1, 3],
      background_id: 3,
      background_blurred: true,
      garment_types: ['bottom'],
    });
    expect((await dispatchUntil(s, 'flat-lay completed', allDone(project.id))).status).toBe('completed');
    // provider calls per image: one
    expect(fake.runs).toHaveLength((await imagesOf(s, project.id)).length);
    expect(fake.runs.map((r) => r.model_name)).toEqual(['product-to-model', 'product-to-model']);
    const poses = fake.runs.map(
      (r) => /\/catalogue\/models\/[a-z0-9-]+\/(0\d)\.webp$/.exec(r.inputs.model_image)?.[1],
    );
    expect(poses.sort()).toEqual(['01', '03']);
    for (const run of fake.runs) {
      expect(run.inputs.product_image).toContain('/storage/v1/object/sign/uploads/');
      expect(run.inputs.image_prompt).toBe(
        'http://localhost:3000/catalogue/backgrounds/urban-street-blurred.webp',
      );
      expect(run.inputs.prompt).toContain(
        'wearing the bottoms (lower-body garment) from the flat-lay product photo',
      );
      expect(run.inputs.prompt).toContain('softly blurred background');
    }
  });

  it("an Advanced custom model sends the seller's description and no catalogue photo", async () => {
    const u = await seller(s, { plan: 'advanced', credits: 2 });
    const project = await startGeneration(u, await uploadProduct(u), {
      model_id: null,
      custom_model: 'a man in his 50s with grey hair',
      custom_background: 'a rooftop at dusk',
      background_id: null,
    });
    expect((await dispatchUntil(s, 'custom model completed', allDone(project.id))).status).toBe('completed');
    expect(fake.runs).toHaveLength(1);
    const [run] = fake.runs;
    expect(run.inputs.model_image).toBeUndefined();
    expect(run.inputs.image_prompt).toBeUndefined();
    // the seller's words, each in its own quoted part after Drape's
    expect(run.inputs.prompt).toContain(
      'the model, as the seller describes them: "a man in his 50s with grey hair"',
    );
    expect(run.inputs.prompt).toContain('the background, as the seller describes it: "a rooftop at dusk"');
    expect(run.inputs).toMatchObject({ aspect_ratio: '2:3', resolution: '4k' });
    const [image] = await imagesOf(s, project.id);
    expect(image.resolution).toBe('4K');
  });
});

describe('failures', () => {
  it('500s then success: retried with backoff, charged once', async () => {
    fake.reset({ runFailures: 2 });
    const u = await seller(s, { plan: 'lite', credits: 3 });
    const project = await startGeneration(u, await uploadProduct(u), { background_id: 1 });
    const r1 = await s.dispatch();
    expect(r1).toMatchObject({ retried: 1 });
    const [retrying] = await imagesOf(s, project.id);
    expect(retrying).toMatchObject({ status: 'processing', attempts: 1 });
    expect(retrying.next_attempt_at).not.toBeNull();
    expect(retrying.error).toMatch(/500/);

    expect((await dispatchUntil(s, 'completed after retries', allDone(project.id))).status).toBe('completed');
    const [image] = await imagesOf(s, project.id);
    expect(image.attempts).toBe(3);
    expect(await balance(s, u.id)).toMatchObject({ remaining: 2, refunds: 0 });
  });

  it('500s on every attempt: failed after 3 tries and refunded once', async () => {
    fake.reset({ runFailures: 1000 });
    const u = await seller(s, { plan: 'lite', credits: 3 });
    const project = await startGeneration(u, await uploadProduct(u), { pose_ids: [1, 3], background_id: 1 });
    expect((await balance(s, u.id)).remaining).toBe(1);
    const done = await dispatchUntil(s, 'failed', allDone(project.id));
    expect(done.status).toBe('failed');
    const images = await imagesOf(s, project.id);
    expect(images.map((i) => [i.status, i.attempts])).toEqual([
      ['failed', 3],
      ['failed', 3],
    ]);
    // a later dispatch changes nothing
    await s.dispatch();
    expect(await balance(s, u.id)).toMatchObject({ remaining: 3, refunds: 2, ledgerSum: 3 });
  });

  it('a permanent failure (PoseError) fails at once and refunds once', async () => {
    fake.reset({ error: { name: 'PoseError', message: 'no pose detected' } });
    const u = await seller(s, { plan: 'lite', credits: 2 });
    const project = await startGeneration(u, await uploadProduct(u), { background_id: 1 });
    const done = await dispatchUntil(s, 'failed', allDone(project.id));
    expect(done.status).toBe('failed');
    const [image] = await imagesOf(s, project.id);
    expect(image).toMatchObject({ status: 'failed', attempts: 1 });
    expect(image.error).toContain('PoseError');
    expect(fake.runs).toHaveLength(1);
    expect(await balance(s, u.id)).toMatchObject({ remaining: 2, refunds: 1, ledgerSum: 2 });
    const notes = await must(u.client.from('notifications').select('type').eq('project_id', project.id));
    expect(notes.map((n: any) => n.type).sort()).toEqual(['project_created', 'project_failed']);
  });

  it('a content rejection rejects the project and refunds every image', async () => {
    fake.reset({ error: { name: 'ContentModerationError', message: 'prohibited content' } });
    const u = await seller(s, { plan: 'lite', credits: 4 });
    const project = await startGeneration(u, await uploadProduct(u), {
      pose_ids: [1, 2, 3],
      background_id: 1,
    });
    const done = await dispatchUntil(s, 'rejected', allDone(project.id));
    expect(done.status).toBe('rejected');
    const images = await imagesOf(s, project.id);
    expect(images.every((i) => i.status === 'rejected')).toBe(true);
    expect(await balance(s, u.id)).toMatchObject({ remaining: 4, refunds: 3, ledgerSum: 4 });
    const notes = await must(
      u.client.from('notifications').select('type, message').eq('type', 'project_rejected'),
    );
    expect(notes).toEqual([
      {
        type: 'project_rejected',
        message: `Project "${project.name}" was rejected due to content guideline violation. Your credits have been refunded.`,
      },
    ]);
  });

  it("a crashed worker's job is taken again when its lease runs out", async () => {
    const u = await seller(s, { plan: 'lite', credits: 2 });
    const project = await startGeneration(u, await uploadProduct(u), { background_id: 1 });
    const admin = s.service();
    // a worker claims the image and dies before reaching the provider
    const claimed = await must(
      admin.rpc('claim_generation_jobs', { worker: 'crashed-worker', max_jobs: 50, lease_seconds: 1 }),
    );
    expect((claimed as any[]).map((j) => j.image_id)).toContain((await imagesOf(s, project.id))[0].id);
    expect(await s.dispatch()).toMatchObject({ claimed: { images: 0 } });
    await new Promise((r) => setTimeout(r, 1200));
    expect((await dispatchUntil(s, 'completed by the next worker', allDone(project.id))).status).toBe(
      'completed',
    );
    const [image] = await imagesOf(s, project.id);
    expect(image.attempts).toBe(2);
    expect(image.worker).not.toBe('crashed-worker');
    expect(await balance(s, u.id)).toMatchObject({ remaining: 1, refunds: 0 });
  });
});

describe('callbacks', () => {
  async function waitingImage(u: Awaited<ReturnType<typeof seller>>) {
    fake.reset({ statuses: ['processing'], webhook: false });
    const project = await startGeneration(u, await uploadProduct(u), { background_id: 1 });
    await s.dispatch();
    const [image] = await imagesOf(s, project.id);
    expect(image.status).toBe('processing');
    return { project, image, run: fake.runs[0] };
  }
  const post = (url: string, body: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('a bad signature, an expired URL and an unknown job get 400 and change nothing', async () => {
    const u = await seller(s, { plan: 'lite', credits: 2 });
    const { project, image, run } = await waitingImage(u);
    const statusCallsBefore = fake.statusCalls;
    const body = { id: run.id, status: 'completed', output: ['http://127.0.0.1:9/evil.png'], error: null };
    const good = new URL(run.webhook_url!);

    const tampered = new URL(good);
    tampered.searchParams.set('s', `${good.searchParams.get('s')!.slice(0, -2)}xx`);
    expect((await post(tampered.toString(), body)).status).toBe(400);

    const otherAttempt = new URL(good);
    otherAttempt.searchParams.set('a', '2');
    expect((await post(otherAttempt.toString(), body)).status).toBe(400);

    const base = `${s.url}/functions/v1/provider-callback`;
    const expired = await signCallbackUrl(
      base,
      s.callbackSecret,
      { kind: 'image', id: image.id, attempt: 1 },
      Math.floor(Date.now() / 1000) - 5,
    );
    expect((await post(expired, body)).status).toBe(400);

    const unknown = await signCallbackUrl(
      base,
      s.callbackSecret,
      { kind: 'image', id: crypto.randomUUID(), attempt: 1 },
      Math.floor(Date.now() / 1000) + 600,
    );
    const r = await post(unknown, body);
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: 'unknown job' });

    // a signed callback about another prediction is refused too
    expect((await post(good.toString(), { ...body, id: 'someone-elses-prediction' })).status).toBe(409);

    expect((await imagesOf(s, project.id))[0]).toMatchObject({ status: 'processing', generated_path: null });
    expect(fake.statusCalls).toBe(statusCallsBefore);
    expect(await balance(s, u.id)).toMatchObject({ remaining: 1, refunds: 0 });
  });

  it('a valid callback finishes the job from what FASHN says; the same callback again gets 409', async () => {
    const u = await seller(s, { plan: 'lite', credits: 2 });
    const { project, run } = await waitingImage(u);
    // the body claims success with a URL of its choosing; FASHN itself still says processing
    const forged = { id: run.id, status: 'completed', output: ['http://127.0.0.1:9/evil.png'], error: null };
    const first = await post(run.webhook_url!, forged);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: 'running' });
    expect((await imagesOf(s, project.id))[0].status).toBe('processing');

    await fake.finish(run.id); // FASHN finishes (webhook off: the test posts it)
    const real = {
      id: run.id,
      status: 'completed',
      output: [`${fake.url}/outputs/${run.id}/0.png`],
      error: null,
    };
    const done = await post(run.webhook_url!, real);
    expect(done.status).toBe(200);
    expect((await imagesOf(s, project.id))[0].status).toBe('completed');
    const before = await balance(s, u.id);

    const replay = await post(run.webhook_url!, real);
    expect(replay.status).toBe(409);
    expect(await balance(s, u.id)).toEqual(before);
    expect((await imagesOf(s, project.id))[0].status).toBe('completed');
  });
});

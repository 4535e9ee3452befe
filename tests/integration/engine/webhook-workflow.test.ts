// The original product's workflow (GENERATION_PROVIDER=webhook) end to end: dispatch posts
// the spec 2 §7 body to a (fake) workflow, which later posts the result to the signed
// callback URL; the result is stored and the project completes. A rejection refunds, a
// replayed callback changes nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOutputPng } from './fake-fashn.ts';
import {
  balance,
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

interface Received {
  path: string;
  body: Record<string, any>;
}

let s: EngineStack;
let server: http.Server;
let base = '';
const received: Received[] = [];
let output: Buffer;
let callBackFirst = false;
const earlyAnswers: { status: number; body: unknown }[] = [];

beforeAll(async () => {
  output = await makeOutputPng();
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method === 'GET' && req.url === '/result.png') {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': output.length });
      res.end(output);
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    received.push({ path: req.url ?? '', body });
    if (callBackFirst) {
      // a workflow that posts its result before it answers the POST (the callback comes first)
      const r = await post(body.callbackUrl, { status: 'completed', imageUrl: `${base}/result.png` });
      earlyAnswers.push({ status: r.status, body: await r.json() });
    }
    // like the original workflow: accept, work, answer later through the callback
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"received":true}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  s = await startEngineStack({
    GENERATION_PROVIDER: 'webhook',
    GENERATION_WEBHOOK_URL_ON_MODEL: `${base}/webhook/on-model`,
    GENERATION_WEBHOOK_URL_FLAT_LAY: `${base}/webhook/flat-lay`,
    CATALOGUE_BASE_URL: 'https://app.example',
    GENERATION_POLL_SECONDS: '0',
  });
}, 60_000);

afterAll(async () => {
  await s?.close();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

function post(url: string, body: unknown) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the webhook workflow', () => {
  it('gets the spec body, and its callback finishes the job', async () => {
    received.length = 0;
    const u = await seller(s, { plan: 'advanced', credits: 5 });
    const project = await startGeneration(u, await uploadProduct(u), {
      pose_ids: [2],
      model_id: 9999,
      custom_model: 'tall man with a grey beard',
      background_id: 9999,
      custom_background: 'a Paris café terrace',
      project_name: 'Autumn coat',
    });
    await s.dispatch();
    const [image] = await imagesOf(s, project.id);
    expect(received).toHaveLength(1);
    const { path, body } = received[0];
    expect(path).toBe('/webhook/on-model');
    expect(body).toMatchObject({
      modelName: 'Custom model: tall man with a grey beard',
      modelImageUrl: '',
      projectType: 'on-model',
      projectName: 'Autumn coat',
      background: 'Custom background: a Paris café terrace',
      pose: 'backview looking over the shoulder',
      backgroundBlurred: false,
      email: u.email,
      backgroundUrl: '',
      subscriptionPlan: 'advanced',
      uid: u.id,
      creditsRemaining: 4,
      projectId: project.id,
      originalImageId: image.id,
    });
    expect(body.uploadedFileUrl).toContain('/storage/v1/object/sign/uploads/');
    expect(body.callbackUrl).toContain('/functions/v1/provider-callback?k=image&id=');
    expect(Object.keys(body).sort()).toEqual(
      [
        'modelName',
        'modelImageUrl',
        'projectType',
        'projectName',
        'background',
        'pose',
        'backgroundBlurred',
        'email',
        'backgroundUrl',
        'subscriptionPlan',
        'uid',
        'creditsRemaining',
        'uploadedFileUrl',
        'projectId',
        'originalImageId',
        'callbackUrl',
      ].sort(),
    );

    // polling a workflow job changes nothing; the callback does
    await s.dispatch();
    expect((await imagesOf(s, project.id))[0].status).toBe('processing');
    const done = await post(body.callbackUrl, { status: 'completed', imageUrl: `${base}/result.png` });
    expect(done.status).toBe(200);
    expect((await projectOf(s, project.id)).status).toBe('completed');
    const stored = await must(
      u.client.storage.from('generated').download((await imagesOf(s, project.id))[0].generated_path),
    );
    expect(Buffer.from(await stored.arrayBuffer()).equals(output)).toBe(true);

    // the same callback again, or a tampered one, changes nothing
    expect((await post(body.callbackUrl, { status: 'failed', error: 'late' })).status).toBe(409);
    expect((await post(body.callbackUrl.replace(/s=[^&]+/, 's=forged'), { status: 'failed' })).status).toBe(
      400,
    );
    expect((await projectOf(s, project.id)).status).toBe('completed');
    expect(await balance(s, u.id)).toMatchObject({ remaining: 4, refunds: 0 });
  });

  it('a result posted before the POST is answered is kept (202), not lost: the run that records the handle finishes the job', async () => {
    received.length = 0;
    earlyAnswers.length = 0;
    callBackFirst = true;
    try {
      const u = await seller(s, { plan: 'lite', credits: 3 });
      const project = await startGeneration(u, await uploadProduct(u), { background_id: 1 });
      const report = await s.dispatch();
      expect(received).toHaveLength(1);
      expect(earlyAnswers).toEqual([{ status: 202, body: { status: 'accepted', reason: 'early' } }]);
      expect(report).toMatchObject({ submitted: 1, completed: 1 });
      const [image] = await imagesOf(s, project.id);
      expect(image.status).toBe('completed');
      const stored = await must(u.client.storage.from('generated').download(image.generated_path));
      expect(Buffer.from(await stored.arrayBuffer()).equals(output)).toBe(true);
      expect(await balance(s, u.id)).toMatchObject({ remaining: 2, refunds: 0 });
      expect((await s.db.query('select * from private.pending_callbacks')).rows).toEqual([]);
      // the same result again changes nothing
      expect((await post(received[0].body.callbackUrl, { status: 'failed', error: 'late' })).status).toBe(
        409,
      );
      expect(await balance(s, u.id)).toMatchObject({ remaining: 2, refunds: 0 });
    } finally {
      callBackFirst = false;
    }
  });

  it('a rejected result rejects the project and refunds it; flat-lay goes to its own URL', async () => {
    received.length = 0;
    const u = await seller(s, { plan: 'lite', credits: 3 });
    const project = await startGeneration(u, await uploadProduct(u), {
      project_type: 'flat-lay',
      background_id: 5,
      background_blurred: true,
      pose_ids: [1, 3],
      garment_types: ['top'],
    });
    await s.dispatch();
    expect(received.map((r) => r.path)).toEqual(['/webhook/flat-lay', '/webhook/flat-lay']);
    for (const r of received)
      expect(r.body).toMatchObject({
        projectType: 'flat-lay',
        background: 'Santorini',
        backgroundUrl: 'https://app.example/catalogue/backgrounds/santorini-blurred.webp',
        backgroundBlurred: true,
      });
    // the two images are dispatched in no set order: each pose with its own model picture
    expect(received.map((r) => [r.body.pose, r.body.modelImageUrl]).sort()).toEqual([
      ['front view', 'https://app.example/catalogue/models/sofia/01.webp'],
      ['side view', 'https://app.example/catalogue/models/sofia/03.webp'],
    ]);
    const res = await post(received[0].body.callbackUrl, { status: 'rejected', error: 'prohibited content' });
    expect(res.status).toBe(200);
    await waitFor('rejected', async () => (await projectOf(s, project.id)).status === 'rejected');
    expect(await balance(s, u.id)).toMatchObject({ remaining: 3, refunds: 2 });
    // the other image's callback arrives late: nothing changes
    expect(
      (await post(received[1].body.callbackUrl, { status: 'completed', imageUrl: `${base}/result.png` }))
        .status,
    ).toBe(409);
    expect(await balance(s, u.id)).toMatchObject({ remaining: 3, refunds: 2 });
  });
});

// Saved models through supabase-js and the engine, with FASHN faked (tests/integration/engine/
// fake-fashn.ts records every request and fetches its input URLs, as FASHN does): a creation
// makes the front view with model-create, then the back and side views with the front as the
// face reference; a failed view refunds the model once; the pictures are the owner's only in
// storage; and every generation with the saved model sends its picture in the chosen pose as
// `model_image`, so two garments are worn by the same person.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeFashn, startFakeFashn } from '../engine/fake-fashn.ts';
import {
  balance,
  dispatchUntil,
  type EngineStack,
  must,
  projectOf,
  productPhoto,
  type Seller,
  seller,
  startEngineStack,
  startGeneration,
  uploadProduct,
} from '../engine/harness.ts';

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

const description = {
  gender: 'men',
  age_range: '36-45',
  body: 'athletic',
  skin: 'brown',
  hair: 'short-dark',
  style: 'classic',
  details: 'a short beard',
};

const modelOf = async (id: string) =>
  must(s.service().from('seller_models').select('*').eq('id', id).single()) as Promise<any>;

async function createModel(u: Seller) {
  return must(
    u.client.rpc('create_seller_model', { request_id: randomUUID(), ...description }),
  ) as Promise<any>;
}

async function readyModel(u: Seller) {
  const m = await createModel(u);
  return dispatchUntil(s, 'the model ready', async () => {
    const row = await modelOf(m.id);
    return row.status === 'ready' ? row : null;
  });
}

/** The stored object a signed URL names, without its token. */
const objectOf = (url: string) => decodeURIComponent(new URL(url).pathname);

describe('making a saved model', () => {
  it('front with model-create, then back and side with the front as face reference; charged once', async () => {
    const u = await seller(s, { plan: 'advanced', credits: 20 });
    const m = await readyModel(u);
    expect(m).toMatchObject({
      front_path: `${u.id}/${m.id}/front.png`,
      back_path: `${u.id}/${m.id}/back.png`,
      side_path: `${u.id}/${m.id}/side.png`,
    });
    expect(fake.runs.map((r) => r.model_name)).toEqual(['model-create', 'model-create', 'model-create']);
    const [front, ...others] = fake.runs;
    expect(front.inputs).toMatchObject({
      aspect_ratio: '2:3',
      seed: m.seed,
      resolution: '1k',
      output_format: 'png',
    });
    expect(front.inputs.prompt).toContain(
      'a man aged 36-45, athletic build, brown skin, short dark hair, classic look',
    );
    expect(front.inputs.prompt).toContain('front view');
    expect(front.inputs.face_reference).toBeUndefined();
    for (const run of others) {
      expect(run.inputs).toMatchObject({ seed: m.seed, face_reference_mode: 'match_base', resolution: '1k' });
      expect(objectOf(run.inputs.face_reference)).toBe(
        `/storage/v1/object/sign/seller-models/${m.front_path}`,
      );
      expect(run.fetched.face_reference).toMatchObject({ status: 200 });
    }
    expect(
      others.map((r) => /back view looking over the shoulder|side view/.exec(r.inputs.prompt)?.[0]).sort(),
    ).toEqual(['back view looking over the shoulder', 'side view']);
    // the person's words are the same in all three views
    const person = (p: string) => p.split('; ')[0];
    expect(new Set(fake.runs.map((r) => person(r.inputs.prompt))).size).toBe(1);
    expect(await balance(s, u.id)).toMatchObject({ remaining: 15, refunds: 0 });

    // the owner reads their pictures; the stored front is the provider's output
    const bytes = Buffer.from(
      await (await must(u.client.storage.from('seller-models').download(m.front_path))).arrayBuffer(),
    );
    expect(bytes.equals(fake.output)).toBe(true);
  });

  it('a view that fails refunds the model once', async () => {
    const u = await seller(s, { plan: 'advanced', credits: 20 });
    fake.reset({ error: { name: 'PoseError', message: 'no person found' } });
    const m = await createModel(u);
    const failed = await dispatchUntil(s, 'the model failed', async () => {
      const row = await modelOf(m.id);
      return row.status === 'failed' ? row : null;
    });
    expect(failed.error).toContain('PoseError');
    // dispatching again changes nothing: one refund
    await s.dispatch();
    expect(await balance(s, u.id)).toMatchObject({ remaining: 20, refunds: 1 });
  });

  it('another seller cannot read, list or sign the pictures', async () => {
    const owner = await seller(s, { plan: 'advanced', credits: 20 });
    const other = await seller(s, { plan: 'advanced', credits: 20 });
    const m = await readyModel(owner);
    const theirs = other.client.storage.from('seller-models');
    expect((await theirs.download(m.front_path)).error).not.toBeNull();
    expect((await theirs.createSignedUrl(m.back_path, 60)).error).not.toBeNull();
    const listed = await theirs.list(`${owner.id}/${m.id}`);
    expect(listed.data ?? []).toEqual([]);
    const rows = await other.client.from('seller_models').select('id').eq('id', m.id);
    expect(rows.data).toEqual([]);
    // nor upload over them
    expect(
      (await theirs.upload(`${owner.id}/${m.id}/front.png`, await productPhoto(), { upsert: true })).error,
    ).not.toBeNull();
    expect(
      (
        await owner.client.storage
          .from('seller-models')
          .upload(`${owner.id}/${m.id}/x.png`, await productPhoto())
      ).error,
    ).not.toBeNull();
    // the owner lists and signs them
    const mine = await owner.client.storage.from('seller-models').list(`${owner.id}/${m.id}`);
    expect((mine.data ?? []).map((f) => f.name).sort()).toEqual(['back.png', 'front.png', 'side.png']);
    expect(
      (await owner.client.storage.from('seller-models').createSignedUrl(m.side_path, 60)).error,
    ).toBeNull();
    // and RPC: generating with it is refused
    const product = await uploadProduct(other);
    const r = await other.client.rpc('start_generation', {
      project_type: 'on-model',
      product_paths: [product],
      pose_ids: [1],
      seller_model_id: m.id,
      background_id: 4,
    });
    expect(r.error).toMatchObject({ hint: 'model_not_found' });
  });
});

describe('generating with a saved model', () => {
  it('two garments, one saved model: the same picture in the chosen pose is sent as model_image', async () => {
    const u = await seller(s, { plan: 'advanced', credits: 20 });
    const m = await readyModel(u);
    fake.reset();
    const shirt = await uploadProduct(u, 'shirt.png');
    const dress = await uploadProduct(u, 'dress.png');
    const a = await startGeneration(u, shirt, { model_id: null, seller_model_id: m.id, pose_ids: [2] });
    const b = await startGeneration(u, dress, { model_id: null, seller_model_id: m.id, pose_ids: [2] });
    for (const p of [a, b])
      await dispatchUntil(
        s,
        'project completed',
        async () => (await projectOf(s, p.id)).status === 'completed',
      );
    expect(fake.runs.map((r) => r.model_name)).toEqual(['product-to-model', 'product-to-model']);
    const sent = fake.runs.map((r) => objectOf(r.inputs.model_image));
    expect(sent).toEqual([
      `/storage/v1/object/sign/seller-models/${m.back_path}`,
      `/storage/v1/object/sign/seller-models/${m.back_path}`,
    ]);
    expect(fake.runs.map((r) => r.fetched.model_image?.status)).toEqual([200, 200]);
    // two different garments
    expect(objectOf(fake.runs[0].inputs.product_image)).not.toBe(objectOf(fake.runs[1].inputs.product_image));
    // the prompt does not describe a person: the picture is the person
    expect(fake.runs[0].inputs.prompt).not.toContain('as the seller describes them');
  });
});

// The whole chain on the local stack, with nothing faked: a seller uploads a photo and
// starts a generation through supabase-js; the stack's dispatcher (NOTIFY) runs the
// dispatch function, the local provider (FASHN's API at /_dev/fashn, the preview renderer)
// renders, its webhook reaches provider-callback, the result lands in storage, the images
// and the project complete, and the seller's realtime subscription sees it.
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../supabase/local/config.ts';
import {
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

let s: EngineStack;

beforeAll(async () => {
  s = await startEngineStack(
    { DISPATCH_INTERVAL_MS: '500', GENERATION_POLL_SECONDS: '2' },
    { dispatcher: true },
  );
}, 60_000);

afterAll(async () => {
  await s?.close();
});

/** Share of pixels whose colour differs clearly between two same-sized RGB images. */
async function differingShare(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([
    sharp(a).removeAlpha().raw().toBuffer(),
    sharp(b).removeAlpha().raw().toBuffer(),
  ]);
  let differ = 0;
  for (let i = 0; i < x.length; i += 3) {
    const d = Math.abs(x[i] - y[i]) + Math.abs(x[i + 1] - y[i + 1]) + Math.abs(x[i + 2] - y[i + 2]);
    if (d > 60) differ++;
  }
  return differ / (x.length / 3);
}

describe('generation on the local stack', () => {
  it('a free seller gets a real rendered image, watermarked, and sees it live', async () => {
    const u = await seller(s);
    const events: any[] = [];
    const channel = u.client
      .channel('my-images')
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'public', table: 'images', filter: `user_id=eq.${u.id}` },
        (p) => events.push(p.new),
      )
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'public', table: 'projects', filter: `user_id=eq.${u.id}` },
        (p) => events.push(p.new),
      );
    await new Promise<void>((resolve, reject) => {
      channel.subscribe((status) =>
        status === 'SUBSCRIBED'
          ? resolve()
          : status === 'CHANNEL_ERROR'
            ? reject(new Error(status))
            : undefined,
      );
    });

    const product = await uploadProduct(u);
    const project = await startGeneration(u, product, { model_id: 2, pose_ids: [1], background_id: 4 });

    const done = await waitFor(
      'the project to finish',
      async () => {
        const p = await must(u.client.from('projects').select('status').eq('id', project.id).single());
        return p.status === 'completed' || p.status === 'failed' ? p : null;
      },
      60_000,
      200,
    );
    expect(done.status).toBe('completed');

    // realtime carried the image to completed and the project to completed
    await waitFor(
      'realtime events',
      async () => events.some((e) => e.id === project.id && e.status === 'completed'),
      10_000,
    );
    expect(events.some((e) => e.project_id === project.id && e.status === 'processing')).toBe(true);
    expect(events.some((e) => e.project_id === project.id && e.status === 'completed')).toBe(true);
    await u.client.removeChannel(channel);

    const [image] = await imagesOf(s, project.id);
    expect(image).toMatchObject({ status: 'completed', attempts: 1 });
    const bytes = Buffer.from(
      await (await must(u.client.storage.from('watermarked').download(image.watermarked_path))).arrayBuffer(),
    );
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1536 });

    // the picture is not the background alone: a figure wearing the garment stands on it
    const background = await sharp(path.join(ROOT, 'public/catalogue/backgrounds/beach.webp'))
      .resize(1024, 1536, { fit: 'cover' })
      .png()
      .toBuffer();
    const clean = Buffer.from(
      await (await must(s.service().storage.from('generated').download(image.generated_path))).arrayBuffer(),
    );
    const share = await differingShare(clean, background);
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.95);
    // the renderer says what it is
    const text = clean.toString('latin1');
    expect(text).toContain('drape-local-preview');
  }, 90_000);

  it('a free seller cannot fetch the unwatermarked bytes by any URL they can obtain', async () => {
    const u = await seller(s);
    const project = await startGeneration(u, await uploadProduct(u), { background_id: 1 });
    await waitFor(
      'completed',
      async () => (await projectOf(s, project.id)).status === 'completed',
      60_000,
      200,
    );
    // everything the seller can read about the image
    const image = (await must(
      u.client.from('images').select('*').eq('project_id', project.id).single(),
    )) as any;
    const clean = Buffer.from(
      await (await must(s.service().storage.from('generated').download(image.generated_path))).arrayBuffer(),
    );
    const token = (await u.client.auth.getSession()).data.session!.access_token;
    const auth = { Authorization: `Bearer ${token}`, apikey: s.stack.keys.anon };
    const isClean = (b: Buffer) => b.equals(clean);

    // supabase-js: download, sign, list the generated bucket
    expect((await u.client.storage.from('generated').download(image.generated_path)).error).not.toBeNull();
    expect(
      (await u.client.storage.from('generated').createSignedUrl(image.generated_path, 60)).error,
    ).not.toBeNull();
    expect(
      (await u.client.storage.from('generated').createSignedUrls([image.generated_path], 60)).data?.[0]
        ?.signedUrl ?? null,
    ).toBeNull();
    expect((await u.client.storage.from('generated').list(`${u.id}/${project.id}`)).data ?? []).toEqual([]);

    // every URL shape storage serves, with the seller's token and without
    const name = image.generated_path;
    const urls = [
      `${s.url}/storage/v1/object/generated/${name}`,
      `${s.url}/storage/v1/object/authenticated/generated/${name}`,
      `${s.url}/storage/v1/object/public/generated/${name}`,
      u.client.storage.from('generated').getPublicUrl(name).data.publicUrl,
      `${s.url}/storage/v1/render/image/authenticated/generated/${name}?width=1024`,
      `${s.url}/storage/v1/render/image/public/generated/${name}?width=1024`,
      `${s.url}/storage/v1/object/sign/generated/${name}?token=${token}`,
      `${s.url}/storage/v1/object/info/generated/${name}`,
    ];
    for (const url of urls) {
      for (const headers of [auth, {}]) {
        const res = await fetch(url, { headers });
        const body = Buffer.from(await res.arrayBuffer());
        expect(isClean(body), `${url} gave the clean image`).toBe(false);
        expect(res.status, url).not.toBe(200);
      }
    }

    // the URL stored in the row is the watermarked copy, and it differs from the clean one
    expect(image.generated_url).toContain('/object/authenticated/watermarked/');
    const res = await fetch(image.generated_url, { headers: auth });
    expect(res.status).toBe(200);
    const marked = Buffer.from(await res.arrayBuffer());
    expect(isClean(marked)).toBe(false);
    expect(await sharp(marked).metadata()).toMatchObject({ width: 1024, height: 1536 });
    expect(await differingShare(marked, clean)).toBeGreaterThan(0.02);

    // the provider's job id is not in the row: the local endpoint's outputs cannot be guessed from it
    expect(image.provider_job_id).toMatch(/^ref:/);
    expect(JSON.stringify(image)).not.toMatch(/\/_dev\/fashn\/outputs\//);
    expect(image.original_url).not.toContain('/_dev/fashn');

    // a paid plan reads the clean image
    await must(
      s.service().rpc('activate_plan', {
        user_id: u.id,
        plan: 'lite',
        period_start: new Date().toISOString(),
        period_end: new Date(Date.now() + 30 * 86400_000).toISOString(),
      }),
    );
    const now = Buffer.from(
      await (await must(u.client.storage.from('generated').download(image.generated_path))).arrayBuffer(),
    );
    expect(isClean(now)).toBe(true);
  }, 90_000);

  it('flat-lay and several poses finish through the same path, charged once', async () => {
    const u = await seller(s, { plan: 'lite', credits: 5 });
    const project = await startGeneration(u, await uploadProduct(u), {
      project_type: 'flat-lay',
      pose_ids: [1, 2],
      background_id: 9,
      garment_types: ['full'],
    });
    const done = await waitFor(
      'flat-lay to finish',
      async () => {
        const p = await projectOf(s, project.id);
        return ['completed', 'failed', 'rejected'].includes(p.status) ? p : null;
      },
      60_000,
      200,
    );
    expect(done.status).toBe('completed');
    const images = await imagesOf(s, project.id);
    expect(images.map((i) => i.status)).toEqual(['completed', 'completed']);
    for (const i of images) {
      const b = await must(u.client.storage.from('generated').download(i.generated_path));
      expect(await sharp(Buffer.from(await b.arrayBuffer())).metadata()).toMatchObject({
        width: 1024,
        height: 1536,
      });
    }
    const sub = await must(u.client.from('subscriptions').select('credits_remaining').single());
    expect(Number(sub.credits_remaining)).toBe(3);
  }, 90_000);
});

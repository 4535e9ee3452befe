// What a seller pays for reaches the result, on the local stack with nothing faked
// (supabase-js → start_generation → dispatch → FASHN's API at /_dev/fashn → storage):
// - a flat-lay is worn by the chosen model: model A and model B from the same photo give
//   visibly different images;
// - the plan's resolution: Lite 1024×1536, Pro long side 2048, Advanced long side 4096, the
//   row states the stored size, and a watermarked copy keeps it.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EngineStack,
  imagesOf,
  must,
  projectOf,
  type Seller,
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

async function finished(u: Seller, options: Record<string, unknown>, product?: string) {
  const project = await startGeneration(u, product ?? (await uploadProduct(u)), options);
  const done = await waitFor(
    'the project to finish',
    async () => {
      const p = await projectOf(s, project.id);
      return ['completed', 'failed', 'rejected'].includes(p.status) ? p : null;
    },
    90_000,
    200,
  );
  expect(done.status).toBe('completed');
  const [image] = await imagesOf(s, project.id);
  return image;
}

async function download(u: Seller, bucket: string, path: string): Promise<Buffer> {
  return Buffer.from(await (await must(u.client.storage.from(bucket).download(path))).arrayBuffer());
}

/** Share of pixels whose colour differs clearly between two same-sized images. */
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

describe('what a seller pays for', () => {
  it('a flat-lay is worn by the chosen model: model A and model B give different images', async () => {
    const u = await seller(s, { plan: 'lite', credits: 5 });
    const flatLay = { project_type: 'flat-lay', pose_ids: [1], background_id: 4, garment_types: ['full'] };
    const a = await finished(u, { ...flatLay, model_id: 1 });
    const b = await finished(u, { ...flatLay, model_id: 3 });
    const [imageA, imageB] = await Promise.all([
      download(u, 'generated', a.generated_path),
      download(u, 'generated', b.generated_path),
    ]);
    // the same garment and background: what differs is who wears it
    const share = await differingShare(imageA, imageB);
    expect(share).toBeGreaterThan(0.03);
  }, 180_000);

  it('Lite, Pro and Advanced results measure 1024×1536, long side 2048, long side 4096; the row says so', async () => {
    const sizes: Record<string, { width: number; height: number; resolution: string }> = {};
    for (const plan of ['lite', 'pro', 'advanced'] as const) {
      const u = await seller(s, { plan, credits: 2 });
      const image = await finished(u, { model_id: 1, pose_ids: [1], background_id: 2 });
      const meta = await sharp(await download(u, 'generated', image.generated_path)).metadata();
      expect({ width: image.width, height: image.height }).toEqual({
        width: meta.width,
        height: meta.height,
      });
      sizes[plan] = { width: meta.width!, height: meta.height!, resolution: image.resolution };
    }
    expect(sizes).toEqual({
      lite: { width: 1024, height: 1536, resolution: 'HD' },
      pro: { width: 1365, height: 2048, resolution: '2K' },
      advanced: { width: 2731, height: 4096, resolution: '4K' },
    });
  }, 240_000);

  it('a watermarked copy keeps the size: a free result at 1024×1536, an Advanced one at 4096 after the plan ends on free', async () => {
    const free = await seller(s);
    const freeImage = await finished(free, { model_id: 1, pose_ids: [1], background_id: 2 });
    const freeMarked = await sharp(
      await download(free, 'watermarked', freeImage.watermarked_path),
    ).metadata();
    expect(freeMarked).toMatchObject({ width: 1024, height: 1536 });

    const u = await seller(s, { plan: 'advanced', credits: 2 });
    const image = await finished(u, { model_id: 1, pose_ids: [1], background_id: 2 });
    expect(image.watermarked_path).toBeNull();
    const admin = s.service();
    await must(admin.rpc('set_subscription_cancellation', { user_id: u.id, cancel: true }));
    const sub = (await must(
      admin.from('subscriptions').select('current_period_end').eq('user_id', u.id).single(),
    )) as { current_period_end: string };
    await must(
      admin.rpc('renew_due_subscriptions', {
        p_now: new Date(new Date(sub.current_period_end).getTime() + 60_000).toISOString(),
        only_user: u.id,
      }),
    );
    const marked = await waitFor(
      'the watermarked copy',
      async () => {
        const [row] = await imagesOf(s, image.project_id);
        return row.watermarked_path ? row : null;
      },
      90_000,
      250,
    );
    const meta = await sharp(await download(u, 'watermarked', marked.watermarked_path)).metadata();
    expect(meta).toMatchObject({ width: 2731, height: 4096 });
  }, 240_000);
});

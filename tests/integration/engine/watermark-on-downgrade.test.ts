// End to end on the local stack (NOTIFY → dispatch → local renderer → storage): a Pro seller's
// projects are rendered clean only; the plan ends on free at the period end; the engine then
// makes watermarked copies of those images, so the old projects show watermarked pictures —
// and the clean files stay out of the free seller's reach. Nothing is charged for it.
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

async function completedProject(u: Seller) {
  const project = await startGeneration(u, await uploadProduct(u), { background_id: 2 });
  await waitFor(
    'project completed',
    async () => (await projectOf(s, project.id)).status === 'completed',
    60_000,
    200,
  );
  return project;
}

const ledger = async (u: Seller) => {
  const sub = (await must(
    s.service().from('subscriptions').select('plan, credits_remaining').eq('user_id', u.id).single(),
  )) as { plan: string; credits_remaining: number };
  const rows = (await must(
    s.service().from('credit_ledger').select('amount, reason').eq('user_id', u.id),
  )) as {
    amount: number;
    reason: string;
  }[];
  return {
    plan: sub.plan,
    remaining: Number(sub.credits_remaining),
    sum: Math.round(rows.reduce((t, r) => t + Number(r.amount), 0) * 100) / 100,
    reasons: rows.map((r) => r.reason),
  };
};

/** The period ends with the plan cancelled: the renewal job moves the seller to free. */
async function periodEndsOnFree(u: Seller) {
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
}

describe('a seller whose paid plan ends on free', () => {
  it('gets watermarked copies of the older images, made by the engine, and sees them; the clean ones stay closed', async () => {
    const u = await seller(s, { plan: 'pro', credits: 10 });
    const first = await completedProject(u);
    const second = await completedProject(u);
    const made = [...(await imagesOf(s, first.id)), ...(await imagesOf(s, second.id))];
    expect(made).toHaveLength(2);
    for (const image of made) expect(image).toMatchObject({ status: 'completed', watermarked_path: null });
    // on Pro the seller reads the clean image
    const cleanBytes = Buffer.from(
      await (await must(u.client.storage.from('generated').download(made[0].generated_path))).arrayBuffer(),
    );

    await periodEndsOnFree(u);
    const afterSwitch = await ledger(u);
    expect(afterSwitch.plan).toBe('free');

    // the engine makes the copies on its own (NOTIFY → dispatch); the seller's rows name them
    const marked = await waitFor(
      'watermarked copies',
      async () => {
        const rows = (await must(
          u.client
            .from('images')
            .select('id, project_id, generated_path, watermarked_path, generated_url')
            .in('project_id', [first.id, second.id]),
        )) as {
          id: string;
          generated_path: string;
          watermarked_path: string | null;
          generated_url: string;
        }[];
        return rows.every((r) => r.watermarked_path) ? rows : null;
      },
      60_000,
      250,
    );
    for (const image of marked) {
      expect(image.watermarked_path).toBe(image.generated_path);
      expect(image.generated_url).toContain('/object/authenticated/watermarked/');
      // the free seller reads the watermarked copy: a real PNG of the same size (Pro renders 2K),
      // not the clean bytes
      const copy = Buffer.from(
        await (
          await must(u.client.storage.from('watermarked').download(image.watermarked_path!))
        ).arrayBuffer(),
      );
      const meta = await sharp(copy).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 1365, height: 2048 });
      expect(copy.toString('latin1')).toContain('watermarked (free plan)');
      // …and cannot read or sign the clean one any more
      const refused = await u.client.storage.from('generated').download(image.generated_path);
      expect(refused.error).not.toBeNull();
      const signed = await u.client.storage.from('generated').createSignedUrl(image.generated_path, 60);
      expect(signed.error).not.toBeNull();
    }
    // the copy differs from the clean image where the watermark is drawn
    const firstCopy = marked.find((m) => m.generated_path === made[0].generated_path)!;
    const copyPixels = await sharp(
      Buffer.from(
        await (
          await must(u.client.storage.from('watermarked').download(firstCopy.watermarked_path!))
        ).arrayBuffer(),
      ),
    )
      .raw()
      .toBuffer();
    const cleanPixels = await sharp(cleanBytes).raw().toBuffer();
    let differing = 0;
    for (let i = 0; i < cleanPixels.length; i++) if (cleanPixels[i] !== copyPixels[i]) differing++;
    expect(differing / cleanPixels.length).toBeGreaterThan(0.01);

    // no credits moved for it: the balance is what the switch left, and the ledger adds up
    const after = await ledger(u);
    expect(after.remaining).toBe(afterSwitch.remaining);
    expect(after.sum).toBe(after.remaining);
  }, 180_000);

  it('a downgrade between paid plans makes no copies (Lite downloads clean images)', async () => {
    const u = await seller(s, { plan: 'advanced', credits: 5 });
    const project = await completedProject(u);
    await must(
      s.service().rpc('activate_plan', {
        user_id: u.id,
        plan: 'lite',
        period_start: new Date(Date.now() + 1000).toISOString(),
        period_end: new Date(Date.now() + 30 * 86400_000).toISOString(),
      }),
    );
    const report = await s.dispatch();
    expect(report.claimed.watermarks).toBe(0);
    const [image] = await imagesOf(s, project.id);
    expect(image.watermarked_path).toBeNull();
    expect((await u.client.storage.from('generated').download(image.generated_path)).error).toBeNull();
  }, 120_000);
});

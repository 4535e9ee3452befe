// Video requests and background removals go through the same engine on the local stack:
// request → NOTIFY → dispatch → local provider (clip, transparent PNG) → webhook → storage,
// with the charge refunded once when the provider refuses.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EngineStack,
  must,
  productPhoto,
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

const credits = async (u: Seller) =>
  Number((await must(u.client.from('subscriptions').select('credits_remaining').single())).credits_remaining);

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

describe('video', () => {
  it('an Advanced seller gets a playable clip in the videos bucket, charged 3 credits', async () => {
    const u = await seller(s, { plan: 'advanced', credits: 10 });
    const project = await completedProject(u);
    expect(await credits(u)).toBe(9);
    await must(u.client.rpc('request_project_video', { project_id: project.id, video_style: 'zoom-in' }));
    expect(await credits(u)).toBe(6);

    const done = await waitFor(
      'video finished',
      async () => {
        const p = await must(
          u.client
            .from('projects')
            .select('video_status, video_path, video_url, video_error')
            .eq('id', project.id)
            .single(),
        );
        return p.video_status === 'completed' || p.video_status === 'failed' ? p : null;
      },
      90_000,
      250,
    );
    expect(done).toMatchObject({ video_status: 'completed', video_error: null });
    expect(done.video_path).toMatch(new RegExp(`^${u.id}/${project.id}/\\d+\\.(webm|mp4)$`));
    expect(done.video_url).toContain(`/storage/v1/object/authenticated/videos/${done.video_path}`);
    const clip = Buffer.from(
      await (await must(u.client.storage.from('videos').download(done.video_path!))).arrayBuffer(),
    );
    expect(clip.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe(true);
    expect(clip.length).toBeGreaterThan(10_000);
    expect(await credits(u)).toBe(6);
  }, 120_000);

  it('a refused video fails and gives its 3 credits back once', async () => {
    const u = await seller(s, { plan: 'advanced', credits: 10 });
    const project = await completedProject(u);
    await must(
      u.client.rpc('request_project_video', {
        project_id: project.id,
        video_style: 'custom',
        custom_description: 'slow spin __reject__',
      }),
    );
    expect(await credits(u)).toBe(6);
    const done = await waitFor(
      'video failed',
      async () => {
        const p = await must(
          u.client.from('projects').select('video_status, video_error').eq('id', project.id).single(),
        );
        return p.video_status === 'failed' ? p : null;
      },
      60_000,
      250,
    );
    expect(done.video_error).toMatch(/ContentModeration/);
    expect(await credits(u)).toBe(9);
    const refunds = await must(u.client.from('credit_ledger').select('amount').eq('reason', 'refund'));
    expect(refunds.map((r: any) => Number(r.amount))).toEqual([3]);
  }, 120_000);
});

describe('background removal', () => {
  async function uploadToolPhoto(u: Seller, name = `${randomUUID()}.png`) {
    const path = `${u.id}/${name}`;
    await must(
      u.client.storage.from('tool-images').upload(path, await productPhoto(), { contentType: 'image/png' }),
    );
    return path;
  }

  it('removes the background into a transparent PNG, charged 0.40 with a tool_used activity, seen live', async () => {
    const u = await seller(s, { plan: 'lite', credits: 1 });
    const events: any[] = [];
    const channel = u.client
      .channel('tools')
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'tool_jobs', filter: `user_id=eq.${u.id}` },
        (p) => events.push(p.new),
      );
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status) =>
        status === 'SUBSCRIBED'
          ? resolve()
          : status === 'CHANNEL_ERROR'
            ? reject(new Error(status))
            : undefined,
      ),
    );
    const input = await uploadToolPhoto(u);
    const job = await must(u.client.rpc('start_background_removal', { input_path: input }));
    expect(job).toMatchObject({
      status: 'pending',
      tool: 'background-remover',
      input_path: input,
      credits_charged: 0.4,
    });
    expect(await credits(u)).toBe(0.6);

    await waitFor(
      'realtime: completed',
      async () => events.some((e) => e.id === job.id && e.status === 'completed'),
      60_000,
      200,
    );
    await u.client.removeChannel(channel);
    const row = await must(u.client.from('tool_jobs').select('*').eq('id', job.id).single());
    expect(row).toMatchObject({ status: 'completed', result_path: `${u.id}/${job.id}.png`, error: null });
    const png = Buffer.from(
      await (await must(u.client.storage.from('tool-images').download(row.result_path))).arrayBuffer(),
    );
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    let transparent = 0;
    let opaque = 0;
    for (let i = 3; i < data.length; i += 4) {
      if (data[i] === 0) transparent++;
      else if (data[i] === 255) opaque++;
    }
    expect(transparent / (info.width * info.height)).toBeGreaterThan(0.2);
    expect(opaque).toBeGreaterThan(1000);

    const activity = await must(
      u.client
        .from('webhook_logs')
        .select('event_type, raw_data')
        .eq('event_type', 'user_activity_tool_used'),
    );
    expect(activity.map((a: any) => [a.raw_data.toolName, a.raw_data.creditsUsed])).toEqual([
      ['background-remover', 0.4],
    ]);
    expect(await credits(u)).toBe(0.6);
  }, 90_000);

  it('a refused photo fails the job and refunds 0.40 once', async () => {
    const u = await seller(s, { plan: 'lite', credits: 1 });
    const job = await must(
      u.client.rpc('start_background_removal', {
        input_path: await uploadToolPhoto(u, `__reject__-${randomUUID()}.png`),
      }),
    );
    const row = await waitFor(
      'failed',
      async () => {
        const r = await must(u.client.from('tool_jobs').select('*').eq('id', job.id).single());
        return r.status === 'failed' ? r : null;
      },
      60_000,
      200,
    );
    expect(row.error).toMatch(/ContentModeration/);
    expect(row.refunded_at).not.toBeNull();
    expect(await credits(u)).toBe(1);
  }, 90_000);

  it('checks the photo and the balance before charging', async () => {
    const poor = await seller(s, { plan: 'lite', credits: 0.3 });
    const path = await uploadToolPhoto(poor);
    const short = await poor.client.rpc('start_background_removal', { input_path: path });
    expect(short.error).toMatchObject({
      message: 'Insufficient credits. Need 0.40 but only have 0.30',
      hint: 'insufficient_credits',
    });

    const u = await seller(s, { plan: 'lite', credits: 1 });
    const missing = await u.client.rpc('start_background_removal', {
      input_path: `${u.id}/nothing-here.png`,
    });
    expect(missing.error).toMatchObject({ message: 'Photo not found', hint: 'photo_not_found' });
    const someoneElses = await u.client.rpc('start_background_removal', { input_path: path });
    expect(someoneElses.error).toMatchObject({ hint: 'photo_not_found' });
    const empty = await u.client.rpc('start_background_removal', { input_path: '  ' });
    expect(empty.error).toMatchObject({ message: 'Please upload a photo', hint: 'photo_required' });
    expect(await credits(u)).toBe(1);
    // nobody else reads the job rows
    const other = await seller(s);
    expect(await must(other.client.from('tool_jobs').select('id'))).toEqual([]);
  });
});

// The /projects first screen in one round trip (projects-first-screen edge function): the
// seller's active projects as the app's list read gives them, and the first cards' pictures
// signed at the size asked for, each the picture the card shows first (the clean result on a
// paid plan, the watermarked copy on the free one, the photo while a project is being made),
// read and signed with the seller's own token.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PROJECT_COLUMNS } from '../../../src/features/projects/project-types.ts';
import { anonClient, serviceClient, stack, type TestUser } from '../../support/clients.ts';
import { must, seller, startGeneration } from '../../support/domain.ts';

const THUMBNAIL = { width: 320, height: 411, resize: 'cover', quality: 70 } as const;
const png = (colour: string) =>
  sharp({ create: { width: 640, height: 900, channels: 3, background: colour } })
    .png()
    .toBuffer();

interface Answer {
  projects: { id: string; status: string }[];
  thumbnail: typeof THUMBNAIL;
  pictures: { bucket: string; path: string; url: string }[];
}

/** A project whose photo is stored; finished: its results stored clean and watermarked. */
async function project(
  u: TestUser,
  finished: boolean,
): Promise<{ id: string; photo: string; result: string }> {
  const admin = serviceClient();
  const photo = `${u.id}/${randomUUID()}-shirt.png`;
  must(await admin.storage.from('uploads').upload(photo, await png('#c0392b'), { contentType: 'image/png' }));
  must(
    await u.client.from('uploaded_files').insert({
      user_id: u.id,
      file_name: 'shirt.png',
      file_path: photo,
      file_size: 1234,
      mime_type: 'image/png',
    }),
  );
  const started = await startGeneration(u.client, photo);
  const image = started.images[0]!;
  const result = `${u.id}/${started.id}/${image.id}.png`;
  if (finished) {
    for (const bucket of ['generated', 'watermarked'] as const)
      must(
        await admin.storage.from(bucket).upload(result, await png('#2e86de'), { contentType: 'image/png' }),
      );
    must(
      await admin.rpc('report_image_outcome', {
        image_id: image.id,
        status: 'completed',
        generated_path: result,
        watermarked_path: result,
      }),
    );
  }
  return { id: started.id, photo, result };
}

const firstScreen = async (u: TestUser, body: Record<string, unknown> = { thumbnail: THUMBNAIL, first: 8 }) =>
  must(await u.client.functions.invoke<Answer>('projects-first-screen', { body })) as Answer;

/** The picture a signed URL serves, decoded: its pixel size. */
async function served(url: string) {
  const res = await fetch(`${stack().url}/storage/v1${url}`);
  expect(res.status, url).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

describe('projects-first-screen', { timeout: 60_000 }, () => {
  it('answers the list the app reads, with the first cards’ pictures signed at the size asked for', async () => {
    const pro = await seller({ plan: 'pro' });
    const done = await project(pro, true);
    const making = await project(pro, false);
    const other = await seller({ plan: 'pro' });
    await project(other, true);

    const answer = await firstScreen(pro);
    const listed = must(
      await pro.client
        .from('projects')
        .select(PROJECT_COLUMNS)
        .eq('user_id', pro.id)
        .neq('status', 'archived')
        .order('created_at', { ascending: false }),
    );
    expect(answer.projects).toEqual(listed);
    expect(answer.projects.map((p) => p.id)).toEqual([making.id, done.id]);
    expect(answer.thumbnail).toEqual(THUMBNAIL);
    // the newest is being made: its photo; the finished one on a paid plan: the clean result
    expect(answer.pictures.map(({ bucket, path }) => ({ bucket, path }))).toEqual([
      { bucket: 'uploads', path: making.photo },
      { bucket: 'generated', path: done.result },
    ]);
    for (const picture of answer.pictures) {
      const size = await served(picture.url);
      expect([size.width, size.height]).toEqual([THUMBNAIL.width, THUMBNAIL.height]);
    }
  });

  it('signs the watermarked copy on the free plan, and only as many cards as asked', async () => {
    const free = await seller({ credits: 20 });
    const older = await project(free, true);
    const newer = await project(free, true);
    const answer = await firstScreen(free, { thumbnail: THUMBNAIL, first: 1 });
    expect(answer.projects.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(answer.pictures.map(({ bucket, path }) => ({ bucket, path }))).toEqual([
      { bucket: 'watermarked', path: newer.result },
    ]);
    await served(answer.pictures[0]!.url);
  });

  it('refuses a caller who is not signed in, and a body that is not a request', async () => {
    const { error } = await anonClient().functions.invoke('projects-first-screen', {
      body: { thumbnail: THUMBNAIL, first: 8 },
    });
    expect((error as { context?: Response })?.context?.status).toBe(401);
    const u = await seller();
    for (const body of [{}, { thumbnail: { width: 0 }, first: 8 }, { thumbnail: THUMBNAIL, first: 500 }]) {
      const bad = await u.client.functions.invoke('projects-first-screen', { body });
      expect((bad.error as { context?: Response })?.context?.status, JSON.stringify(body)).toBe(400);
    }
  });
});

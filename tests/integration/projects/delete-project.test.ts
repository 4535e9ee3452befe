// Deleting a project (delete-project edge function → delete_project SQL → the storage
// cleanup queue): the rows and every stored file go, through the Storage API — rows of
// storage.objects and the bytes on disk alike; a project still processing and another
// seller's project are refused; nothing is refunded.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, serviceClient, stack, type TestUser } from '../../support/clients.ts';
import { must, seller, startGeneration } from '../../support/domain.ts';

const BUCKETS = ['uploads', 'generated', 'watermarked', 'videos', 'fix-drawings'] as const;
const png = (colour: string) =>
  sharp({ create: { width: 64, height: 96, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function uploadProduct(u: TestUser): Promise<string> {
  const name = `${u.id}/${Date.now()}-${randomUUID().slice(0, 6)}-shirt.png`;
  const bytes = await png('#c0392b');
  must(await u.client.storage.from('uploads').upload(name, bytes, { contentType: 'image/png' }));
  must(
    await u.client.from('uploaded_files').insert({
      user_id: u.id,
      file_name: 'shirt.png',
      file_path: name,
      file_size: bytes.length,
      mime_type: 'image/png',
    }),
  );
  return name;
}

/** Completes every image as the engine does: clean and watermarked results stored, outcome reported. */
async function completeImages(projectId: string) {
  const admin = serviceClient();
  const images = must(await admin.from('images').select('id, user_id').eq('project_id', projectId)) as {
    id: string;
    user_id: string;
  }[];
  for (const image of images) {
    const name = `${image.user_id}/${projectId}/${image.id}.png`;
    must(
      await admin.storage.from('generated').upload(name, await png('#2e86de'), { contentType: 'image/png' }),
    );
    must(
      await admin.storage
        .from('watermarked')
        .upload(name, await png('#8395a7'), { contentType: 'image/png' }),
    );
    must(
      await admin.rpc('report_image_outcome', {
        image_id: image.id,
        status: 'completed',
        generated_path: name,
        watermarked_path: name,
      }),
    );
  }
}

/** A finished project with everything a project can store: results, a video and a fix drawing. */
async function finishedProject(u: TestUser, product?: string) {
  const admin = serviceClient();
  const productPath = product ?? (await uploadProduct(u));
  const project = await startGeneration(u.client, productPath, { pose_ids: [1, 2] });
  await completeImages(project.id);
  const video = `${u.id}/${project.id}/${Date.now()}.mp4`;
  must(
    await admin.storage
      .from('videos')
      .upload(video, Buffer.from('not really a video'), { contentType: 'video/mp4' }),
  );
  must(
    await admin
      .from('projects')
      .update({ video_status: 'completed', video_path: video })
      .eq('id', project.id),
  );
  const drawing = `${u.id}/${project.id}/${Date.now()}.png`;
  must(
    await u.client.storage
      .from('fix-drawings')
      .upload(drawing, await png('#ff0000'), { contentType: 'image/png' }),
  );
  must(
    await u.client.rpc('request_project_fix', {
      project_id: project.id,
      description: 'The sleeve is too long',
      annotated_image: drawing,
    }),
  );
  return { id: project.id, productPath };
}

/** Every stored object of a user, by bucket, as storage.objects rows (service role). */
async function objectsOf(userId: string): Promise<Record<string, string[]>> {
  const admin = serviceClient();
  const out: Record<string, string[]> = {};
  for (const bucket of BUCKETS) {
    const names: string[] = [];
    const walk = async (folder: string) => {
      const entries = must(await admin.storage.from(bucket).list(folder, { limit: 1000 })) as {
        name: string;
        id: string | null;
      }[];
      for (const e of entries) {
        if (e.id) names.push(`${folder}/${e.name}`);
        else await walk(`${folder}/${e.name}`);
      }
    };
    await walk(userId);
    out[bucket] = names.sort();
  }
  return out;
}

/** Files on the stack's disk under a user's folders. */
function filesOnDisk(userId: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  for (const bucket of BUCKETS) walk(path.join(stack().dataDir, 'storage', bucket, userId));
  return out;
}

async function deleteProject(client: SupabaseClient, projectId: string) {
  const { data, error } = await client.functions.invoke('delete-project', { body: { projectId } });
  if (!error) return { status: 200, body: data };
  const res = (error as { context?: Response }).context;
  return { status: res?.status ?? 0, body: res ? await res.json() : null };
}

const balance = async (userId: string) =>
  Number(
    (
      must(
        await serviceClient()
          .from('subscriptions')
          .select('credits_remaining')
          .eq('user_id', userId)
          .single(),
      ) as { credits_remaining: number }
    ).credits_remaining,
  );

describe('deleting a project', () => {
  it('removes the project, its images, fixes and every stored file; refunds nothing', async () => {
    const u = await seller({ plan: 'pro', credits: 10 });
    const { id, productPath } = await finishedProject(u);
    const before = await objectsOf(u.id);
    expect(before.uploads).toEqual([productPath]);
    expect(before.generated).toHaveLength(2);
    expect(before.watermarked).toHaveLength(2);
    expect(before.videos).toHaveLength(1);
    expect(before['fix-drawings']).toHaveLength(1);
    const credits = await balance(u.id);

    const res = await deleteProject(u.client, id);
    expect(res).toMatchObject({ status: 200, body: { projectId: id, filesPending: false } });
    expect(res.body.removedObjects).toBe(7);

    const admin = serviceClient();
    for (const table of ['projects', 'images', 'fixes', 'fix_requests'] as const) {
      const column = table === 'projects' ? 'id' : 'project_id';
      expect(must(await admin.from(table).select('id').eq(column, id)), table).toEqual([]);
    }
    expect(must(await admin.from('uploaded_files').select('id').eq('file_path', productPath))).toEqual([]);
    expect(await objectsOf(u.id)).toEqual({
      uploads: [],
      generated: [],
      watermarked: [],
      videos: [],
      'fix-drawings': [],
    });
    expect(filesOnDisk(u.id)).toEqual([]);
    expect(await balance(u.id)).toBe(credits);
  });

  it('refuses a project still processing, and says why', async () => {
    const u = await seller({ credits: 5 });
    const project = await startGeneration(u.client, await uploadProduct(u));
    const res = await deleteProject(u.client, project.id);
    expect(res).toEqual({
      status: 409,
      body: { error: 'This project is still processing and cannot be deleted', code: 'project_processing' },
    });
    expect(must(await u.client.from('projects').select('status').eq('id', project.id))).toEqual([
      { status: 'processing' },
    ]);
    expect((await objectsOf(u.id)).uploads).toHaveLength(1);

    // the owner's direct DELETE (row-level security allows deleting one's projects) is refused too
    const direct = await u.client.from('projects').delete().eq('id', project.id);
    expect(direct.error).toMatchObject({ code: 'P0001', hint: 'project_processing' });
  });

  it("refuses another seller's project as if it did not exist", async () => {
    const owner = await seller({ credits: 5 });
    const other = await seller();
    const { id } = await finishedProject(owner);
    const res = await deleteProject(other.client, id);
    expect(res).toEqual({ status: 404, body: { error: 'Project not found', code: 'project_not_found' } });
    expect(must(await serviceClient().from('projects').select('id').eq('id', id))).toHaveLength(1);
    expect((await objectsOf(owner.id)).generated).toHaveLength(2);

    const anon = await anonClient().functions.invoke('delete-project', { body: { projectId: id } });
    expect((anon.error as { context?: Response }).context?.status).toBe(401);
  });

  it('keeps a product photo another project still uses', async () => {
    const u = await seller({ credits: 10 });
    const shared = await uploadProduct(u);
    const first = await finishedProject(u, shared);
    const second = await finishedProject(u, shared);
    expect((await deleteProject(u.client, first.id)).status).toBe(200);
    const left = await objectsOf(u.id);
    expect(left.uploads).toEqual([shared]);
    expect(left.generated.every((n) => n.includes(second.id))).toBe(true);
    expect(
      must(await serviceClient().from('uploaded_files').select('id').eq('file_path', shared)),
    ).toHaveLength(1);

    expect((await deleteProject(u.client, second.id)).status).toBe(200);
    expect((await objectsOf(u.id)).uploads).toEqual([]);
  });

  it('queues the files of rows deleted another way; the scheduled call removes them', async () => {
    const u = await seller({ credits: 10 });
    const { id } = await finishedProject(u);
    must(await u.client.from('projects').delete().eq('id', id).select());
    expect((await objectsOf(u.id)).generated).toHaveLength(2);

    const { data, error } = await serviceClient().functions.invoke('delete-project', { body: {} });
    expect(error).toBeNull();
    expect(data.claimed).toBeGreaterThan(0);
    expect(await objectsOf(u.id)).toEqual({
      uploads: [],
      generated: [],
      watermarked: [],
      videos: [],
      'fix-drawings': [],
    });
    expect(filesOnDisk(u.id)).toEqual([]);
  });
});

// A finished project for the video tests, made the way a seller makes one: the product photo
// uploaded as the seller, start_generation, and the stack's engine with the local preview
// renderer finishing it (no rows written by hand).
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { StackInfo, TestUser } from '../support/auth-api.ts';
import { eventually, rows, shirtPhoto, solid } from '../tools/tool-support.ts';

const NO_SESSION = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: ws as never },
};

export async function sellerClient(stack: StackInfo, seller: TestUser) {
  const client = createClient(stack.apiUrl, stack.anonKey, NO_SESSION);
  const { error } = await client.auth.signInWithPassword({ email: seller.email, password: seller.password });
  if (error) throw error;
  return client;
}

/** Uploads a product photo and generates an on-model project; resolves once it is completed. */
export async function finishedProject(stack: StackInfo, seller: TestUser, name?: string): Promise<string> {
  const client = await sellerClient(stack, seller);
  const path = `${seller.id}/${Date.now()}-shirt.jpg`;
  const photo = await shirtPhoto();
  const up = await client.storage.from('uploads').upload(path, photo, { contentType: 'image/jpeg' });
  if (up.error) throw up.error;
  const rec = await client.from('uploaded_files').insert({
    user_id: seller.id,
    file_name: 'shirt.jpg',
    file_path: path,
    file_size: photo.length,
    mime_type: 'image/jpeg',
  });
  if (rec.error) throw rec.error;
  const started = await client.rpc('start_generation', {
    project_type: 'on-model',
    product_paths: [path],
    pose_ids: [1],
    model_id: 1,
    background_id: 2,
    ...(name ? { project_name: name } : {}),
  });
  if (started.error) throw started.error;
  const id = (started.data as { id: string }).id;
  const [project] = await eventually(
    () => rows<{ status: string }>(stack, `projects?select=status&id=eq.${id}`),
    (r) => r[0] && r[0].status !== 'processing' && r[0].status !== 'draft',
    120_000,
  );
  if (project.status !== 'completed') throw new Error(`generation ended ${project.status}`);
  await client.auth.signOut();
  return id;
}

export interface VideoState {
  video_status: string | null;
  video_style: string | null;
  video_path: string | null;
}

export const videoStateOf = async (stack: StackInfo, projectId: string) =>
  (
    await rows<VideoState>(stack, `projects?select=video_status,video_style,video_path&id=eq.${projectId}`)
  )[0];

/**
 * Finished projects in bulk, as the service role writes them once the engine is done: the
 * rows and their stored images (for the selection grid's volume; a real generation above).
 */
export async function seedFinishedProjects(
  stack: StackInfo,
  seller: TestUser,
  names: string[],
  opts: { type?: (i: number) => 'on-model' | 'flat-lay'; status?: 'completed' | 'archived' } = {},
): Promise<string[]> {
  const admin = createClient(stack.apiUrl, stack.serviceKey, NO_SESSION);
  const image = await solid(480, 720, [180, 160, 140]);
  const ids: string[] = [];
  const now = Date.now();
  for (const [i, name] of names.entries()) {
    const id = randomUUID();
    const imageId = randomUUID();
    const original = `${seller.id}/${now}-${i}-product.png`;
    const result = `${seller.id}/${id}/${imageId}.png`;
    const created = new Date(now - i * 3_600_000).toISOString();
    for (const [bucket, path] of [
      ['uploads', original],
      ['generated', result],
      ['watermarked', result],
    ] as const) {
      const { error } = await admin.storage.from(bucket).upload(path, image, { contentType: 'image/png' });
      if (error) throw error;
    }
    const project = await admin.from('projects').insert({
      id,
      user_id: seller.id,
      name,
      type: opts.type?.(i) ?? 'on-model',
      status: opts.status ?? 'completed',
      model_id: 1,
      background_id: 2,
      pose_ids: [1],
      product_paths: [original],
      completed_at: created,
      created_at: created,
    });
    if (project.error) throw project.error;
    const img = await admin.from('images').insert({
      id: imageId,
      project_id: id,
      user_id: seller.id,
      original_path: original,
      pose_id: 1,
      position: 1,
      status: 'completed',
      generated_path: result,
      watermarked_path: result,
      completed_at: created,
      created_at: created,
    });
    if (img.error) throw img.error;
    ids.push(id);
  }
  return ids;
}

// What the projects specs share: a seller signed in on the page, their stored files, and a
// project in the middle of generating (rows written as the engine would).
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { signInThroughApi, type StackInfo } from '../support/auth-api.ts';
import { createSeller, type ProjectFiles, type SeedSeller, serviceClientOf } from './seed.ts';

export async function sellerOnPage(
  page: Page,
  stack: StackInfo,
  opts: Parameters<typeof createSeller>[1] = {},
): Promise<SeedSeller> {
  const seller = await createSeller(stack, opts);
  await page.addInitScript(() => window.sessionStorage.setItem('drape.splashSeen', '1'));
  await signInThroughApi(page, stack, seller);
  return seller;
}

/** Every stored object of a seller under a project's files, by bucket (service role). */
export async function storedObjects(
  stack: StackInfo,
  userId: string,
  projectId: string,
  productPaths: string[] = [],
) {
  const admin = serviceClientOf(stack);
  const out: Record<string, string[]> = {};
  for (const bucket of ['generated', 'watermarked', 'videos', 'fix-drawings']) {
    const { data } = await admin.storage.from(bucket).list(`${userId}/${projectId}`, { limit: 1000 });
    out[bucket] = (data ?? []).map((o) => o.name);
  }
  const { data: uploads } = await admin.storage.from('uploads').list(userId, { limit: 1000 });
  out.uploads = (uploads ?? []).map((o) => `${userId}/${o.name}`).filter((n) => productPaths.includes(n));
  return out;
}

/** A project whose images are being made: processing rows with a long lease (the engine leaves them be). */
export async function processingProject(
  stack: StackInfo,
  seller: SeedSeller,
  files: ProjectFiles,
  name: string,
  images = 2,
) {
  const admin = serviceClientOf(stack);
  const projectId = randomUUID();
  const original = `${seller.id}/${Date.now()}-live-product.png`;
  await admin.storage.from('uploads').upload(original, files.original, { contentType: 'image/png' });
  const p = await admin.from('projects').insert({
    id: projectId,
    user_id: seller.id,
    name,
    type: 'on-model',
    status: 'processing',
    model_id: 1,
    background_id: 4,
    pose_ids: [1],
    product_paths: [original],
  });
  if (p.error) throw new Error(p.error.message);
  const ids: string[] = [];
  for (let i = 0; i < images; i++) {
    const id = randomUUID();
    ids.push(id);
    const r = await admin.from('images').insert({
      id,
      project_id: projectId,
      user_id: seller.id,
      original_path: original,
      pose_id: i + 1,
      position: i,
      status: 'processing',
      attempts: 1,
      lease_expires_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    if (r.error) throw new Error(r.error.message);
  }
  return { projectId, imageIds: ids };
}

/** Finishes one image as the engine does: both files stored, the outcome reported. */
export async function completeImage(
  stack: StackInfo,
  userId: string,
  projectId: string,
  imageId: string,
  files: ProjectFiles,
) {
  const admin = serviceClientOf(stack);
  const name = `${userId}/${projectId}/${imageId}.png`;
  await admin.storage
    .from('generated')
    .upload(name, files.generated, { contentType: 'image/png', upsert: true });
  await admin.storage
    .from('watermarked')
    .upload(name, files.watermarked, { contentType: 'image/png', upsert: true });
  const { error } = await admin.rpc('report_image_outcome', {
    image_id: imageId,
    status: 'completed',
    generated_path: name,
    watermarked_path: name,
  });
  if (error) throw new Error(error.message);
}

/** Draws a stroke with a finger (CDP touch events: pointerType 'touch' in the page). */
export async function touchStroke(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps = 8,
) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let i = 1; i <= steps; i++) {
    const x = from.x + ((to.x - from.x) * i) / steps;
    const y = from.y + ((to.y - from.y) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

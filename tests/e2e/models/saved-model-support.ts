// A seller's kept model for the model steps' end-to-end tests, made through the server as the
// Creator makes it (create_seller_model, the engine's three views on the local renderer, then
// keep_seller_model), and a measure of whether a result shows that model's figure.
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInThroughApi } from '../support/auth-api.ts';
import { skipSplash } from '../support/skip-splash.ts';
import { type SeedSeller, type SeedStack, serviceClientOf } from '../projects/seed.ts';

export interface KeptModel {
  id: string;
  name: string;
  front_path: string;
  back_path: string;
  side_path: string;
}

/** A model of the seller's own, made in three views and kept under `name`. */
export async function keptModel(seller: SeedSeller, name: string): Promise<KeptModel> {
  const made = await seller.client.rpc('create_seller_model', {
    request_id: randomUUID(),
    gender: 'women',
    age_range: '26-35',
    body: 'average',
    skin: 'brown',
    hair: 'curly',
    style: 'casual',
    details: '',
    name,
  });
  if (made.error) throw new Error(`create_seller_model: ${made.error.message}`);
  const id = (made.data as { id: string }).id;
  const read = async () =>
    (await seller.client.from('seller_models').select('*').eq('id', id).single()).data as
      | (KeptModel & { status: string })
      | null;
  await expect.poll(async () => (await read())?.status, { timeout: 90_000 }).toBe('ready');
  const kept = await seller.client.rpc('keep_seller_model', { model_id: id, name });
  if (kept.error) throw new Error(`keep_seller_model: ${kept.error.message}`);
  const row = await read();
  if (!row) throw new Error('the kept model cannot be read');
  return row;
}

/** Starts the page signed in as the seller, splash seen, in the given language. */
export async function openAsSeller(page: Page, stack: SeedStack, seller: SeedSeller, locale: 'en' | 'el') {
  await skipSplash(page);
  await page.addInitScript((l) => window.localStorage.setItem('language', l), locale);
  await signInThroughApi(page, stack as never, seller);
}

/** A stored object's bytes, read as the service role. */
export async function objectBytes(stack: SeedStack, bucket: string, path: string): Promise<Buffer> {
  const { data, error } = await serviceClientOf(stack).storage.from(bucket).download(path);
  if (error || !data) throw new Error(`${bucket}/${path}: ${error?.message}`);
  return Buffer.from(await data.arrayBuffer());
}

const W = 256;
const H = 384;
const raw = (bytes: Buffer) => sharp(bytes).resize(W, H, { fit: 'fill' }).removeAlpha().raw().toBuffer();
const distance = (a: Buffer, i: number, b: Buffer, j: number) =>
  Math.abs(a[i] - b[j]) + Math.abs(a[i + 1] - b[j + 1]) + Math.abs(a[i + 2] - b[j + 2]);

/**
 * How much of the saved view's head (the part of the picture above the garment and right of the
 * renderer's "Preview" label: hair and skin, darker than the light studio backdrop) the result
 * shows unchanged: the share of those pixels within a small colour distance. The same person in
 * the same place gives nearly all of them; another person, or another view, far fewer.
 */
export async function likeness(result: Buffer, view: Buffer): Promise<number> {
  const [r, v] = await Promise.all([raw(result), raw(view)]);
  let head = 0;
  let same = 0;
  for (let y = Math.round(H * 0.04); y < Math.round(H * 0.16); y++) {
    for (let x = Math.round(W * 0.33); x < Math.round(W * 0.67); x++) {
      const i = (y * W + x) * 3;
      if (v[i] + v[i + 1] + v[i + 2] > 3 * 160) continue;
      head++;
      if (distance(r, i, v, i) < 60) same++;
    }
  }
  return head === 0 ? 0 : same / head;
}

/** The pictures side by side (each 512×768), to look at: the saved view, then the results. */
export async function sideBySide(pictures: Buffer[]): Promise<Buffer> {
  const tiles = await Promise.all(pictures.map((p) => sharp(p).resize(512, 768, { fit: 'fill' }).toBuffer()));
  return sharp({
    create: { width: 512 * tiles.length, height: 768, channels: 3, background: '#ffffff' },
  })
    .composite(tiles.map((input, n) => ({ input, left: 512 * n, top: 0 })))
    .png()
    .toBuffer();
}

// Sellers with projects for the projects screens' end-to-end tests, the 300-project bench
// and screenshots: made through the official client as the app and the server make them.
// - generateProject: a real generation (upload, start_generation, the stack's engine and
//   local renderer) — what a seller really gets;
// - seedProjects: many finished projects at once through the service role (rows with
//   backdated created_at and their stored files), for volume.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import ws from 'ws';

export interface SeedStack {
  apiUrl: string;
  anonKey: string;
  serviceKey: string;
}

export interface SeedSeller {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
}

const NO_SESSION = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // Node 20 has no WebSocket of its own
  realtime: { transport: ws as never },
};

export const serviceClientOf = (stack: SeedStack) => createClient(stack.apiUrl, stack.serviceKey, NO_SESSION);

function check(res: { error: unknown }, what: string): void {
  if (res.error) throw new Error(`${what}: ${JSON.stringify(res.error)}`);
}

function must<T>(res: { data: T; error: unknown }, what: string): NonNullable<T> {
  if (res.error || res.data === null || res.data === undefined)
    throw new Error(`${what}: ${JSON.stringify(res.error)}`);
  return res.data;
}

/** A confirmed seller on a plan, signed in. */
export async function createSeller(
  stack: SeedStack,
  opts: {
    plan?: 'free' | 'lite' | 'pro' | 'advanced';
    /** purchased credits on top of the plan's */
    extraCredits?: number;
    email?: string;
    password?: string;
    fullName?: string;
  } = {},
): Promise<SeedSeller> {
  const admin = serviceClientOf(stack);
  const email = opts.email ?? `seller-${randomUUID().slice(0, 10)}@example.com`;
  const password = opts.password ?? 'linen-and-silk';
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: {
      full_name: opts.fullName ?? 'Eleni Papadopoulou',
      phone_number: `+3069${Date.now().toString().slice(-8)}`,
      phone_verified: true,
    },
  });
  if (created.error || !created.data.user) throw new Error(`create user: ${created.error?.message}`);
  const id = created.data.user.id;
  if (opts.plan && opts.plan !== 'free') {
    must(
      await admin.rpc('activate_plan', {
        user_id: id,
        plan: opts.plan,
        period_start: new Date().toISOString(),
        period_end: new Date(Date.now() + 30 * 86400_000).toISOString(),
      }),
      'activate plan',
    );
  }
  if (opts.extraCredits) {
    must(
      await admin.rpc('grant_purchased_credits', {
        user_id: id,
        credits: opts.extraCredits,
        reference: `seed-${randomUUID()}`,
      }),
      'grant credits',
    );
  }
  const client = createClient(stack.apiUrl, stack.anonKey, NO_SESSION);
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw new Error(`sign in: ${signIn.error.message}`);
  return { id, email, password, client };
}

/** A product photo: a red shirt with a yellow print on a light backdrop (800×1000 PNG). */
export async function productPhoto(colour = '#c0392b'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000">
    <rect width="100%" height="100%" fill="#f4f4f2"/>
    <path d="M250 150 L330 110 Q400 160 470 110 L550 150 L640 300 L560 340 L540 290 L540 860 L260 860 L260 290 L240 340 L160 300 Z" fill="${colour}"/>
    <circle cx="400" cy="420" r="60" fill="#f1c40f"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Uploads a product photo as the seller and records it, as the wizard does. */
export async function uploadProduct(seller: SeedSeller, bytes?: Buffer, name = 'shirt.png'): Promise<string> {
  const path = `${seller.id}/${Date.now()}-${randomUUID().slice(0, 6)}-${name}`;
  const body = bytes ?? (await productPhoto());
  check(
    await seller.client.storage.from('uploads').upload(path, body, { contentType: 'image/png' }),
    'upload',
  );
  check(
    await seller.client.from('uploaded_files').insert({
      user_id: seller.id,
      file_name: name,
      file_path: path,
      file_size: body.length,
      mime_type: 'image/png',
    }),
    'record upload',
  );
  return path;
}

/** Starts a generation (on-model, one pose unless told) and returns the project id. */
export async function startProject(
  seller: SeedSeller,
  overrides: Record<string, unknown> = {},
  product?: string,
): Promise<string> {
  const path = product ?? (await uploadProduct(seller));
  const project = must(
    await seller.client.rpc('start_generation', {
      project_type: 'on-model',
      product_paths: [path],
      pose_ids: [1],
      model_id: 1,
      background_id: 4,
      ...overrides,
    }),
    'start_generation',
  ) as { id: string };
  return project.id;
}

/** Waits until the project leaves processing (the engine and the local renderer at work). */
export async function waitForProject(
  seller: SeedSeller,
  projectId: string,
  timeoutMs = 120_000,
): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const row = must(
      await seller.client.from('projects').select('status').eq('id', projectId).single(),
      'read project',
    ) as {
      status: string;
    };
    if (row.status !== 'processing' && row.status !== 'draft') return row.status;
    if (Date.now() > end) throw new Error(`project ${projectId} still ${row.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A real generation, finished: the project id. */
export async function generateProject(
  seller: SeedSeller,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const id = await startProject(seller, overrides);
  const status = await waitForProject(seller, id);
  if (status !== 'completed') throw new Error(`generation ended ${status}`);
  return id;
}

/** The stored files of one real generation, to give seeded projects real pictures. */
export interface ProjectFiles {
  original: Buffer;
  generated: Buffer;
  watermarked: Buffer;
}

/** Downloads the files of a finished project (service role). */
export async function filesOf(stack: SeedStack, projectId: string): Promise<ProjectFiles> {
  const admin = serviceClientOf(stack);
  const image = must(
    await admin
      .from('images')
      .select('original_path, generated_path, watermarked_path')
      .eq('project_id', projectId)
      .limit(1)
      .single(),
    'read image',
  ) as { original_path: string; generated_path: string; watermarked_path: string | null };
  const read = async (bucket: string, path: string) =>
    Buffer.from(
      await must(await admin.storage.from(bucket).download(path), `download ${bucket}`).arrayBuffer(),
    );
  const generated = await read('generated', image.generated_path);
  return {
    original: await read('uploads', image.original_path),
    generated,
    watermarked: image.watermarked_path ? await read('watermarked', image.watermarked_path) : generated,
  };
}

const GARMENTS = [
  'Linen summer dress',
  'Denim jacket',
  'Silk blouse',
  'Wool coat',
  'Cotton tee',
  'Pleated skirt',
  'Knit cardigan',
  'Leather jacket',
  'Floral maxi dress',
  'Striped shirt',
  'Cashmere sweater',
  'Wide-leg trousers',
  'Trench coat',
  'Satin slip top',
  'Cargo pants',
  'Puffer vest',
  'Chino shorts',
  'Rib tank top',
  'Corduroy blazer',
  'Midi wrap dress',
];

/**
 * `count` finished projects made at once through the service role: rows (created_at spread
 * over `spreadDays`, newest first) and their stored files (product photo, clean and
 * watermarked result) from `files`. Returns the project ids, newest first.
 */
export async function seedProjects(
  stack: SeedStack,
  seller: Pick<SeedSeller, 'id'>,
  count: number,
  files: ProjectFiles,
  opts: { spreadDays?: number; concurrency?: number; namePrefix?: string } = {},
): Promise<string[]> {
  const admin = serviceClientOf(stack);
  const spread = opts.spreadDays ?? 120;
  const now = Date.now();
  const ids: string[] = [];
  const rows = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    ids.push(id);
    const created = new Date(
      now - (i / Math.max(count - 1, 1)) * spread * 86_400_000 - i * 60_000,
    ).toISOString();
    return { id, i, created, original: `${seller.id}/${now}-${i}-product.png` };
  });
  // a busy stack may answer an upload with a 5xx: try again a few times
  const upload = async (bucket: string, name: string, bytes: Buffer) => {
    for (let attempt = 1; ; attempt++) {
      const res = await admin.storage
        .from(bucket)
        .upload(name, bytes, { contentType: 'image/png', upsert: true });
      if (!res.error || attempt === 4) return must(res, `upload ${bucket}`);
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  };
  const work = rows.map((r) => async () => {
    const imageId = randomUUID();
    const result = `${seller.id}/${r.id}/${imageId}.png`;
    await upload('uploads', r.original, files.original);
    await upload('generated', result, files.generated);
    await upload('watermarked', result, files.watermarked);
    const name = `${opts.namePrefix ?? ''}${GARMENTS[r.i % GARMENTS.length]} ${Math.floor(r.i / GARMENTS.length) + 1}`;
    must(
      await admin
        .from('projects')
        .insert({
          id: r.id,
          user_id: seller.id,
          name,
          type: r.i % 3 === 2 ? 'flat-lay' : 'on-model',
          status: 'completed',
          model_id: 1,
          background_id: 4,
          pose_ids: [1],
          product_paths: [r.original],
          completed_at: r.created,
          created_at: r.created,
          updated_at: r.created,
        })
        .select('id'),
      'insert project',
    );
    must(
      await admin
        .from('images')
        .insert({
          id: imageId,
          project_id: r.id,
          user_id: seller.id,
          original_path: r.original,
          pose_id: 1,
          position: 1,
          status: 'completed',
          generated_path: result,
          watermarked_path: result,
          completed_at: r.created,
          created_at: r.created,
        })
        .select('id'),
      'insert image',
    );
  });
  const concurrency = opts.concurrency ?? 6;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < work.length) await work[next++]();
    }),
  );
  return ids;
}

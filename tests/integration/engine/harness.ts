// A stack of the engine tests' own: a provider chosen by environment (set before the stack
// loads its functions), sellers with a real product photo in storage, and helpers to run
// dispatch and wait for outcomes.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import ws from 'ws';
import { engineDefaults } from '../../../supabase/local/functions/env.ts';
import { type OwnStack, startOwnStack } from '../auth/own-stack.ts';

export interface EngineStack extends OwnStack {
  /** POST /functions/v1/dispatch as the scheduler does; the run's report */
  dispatch(): Promise<any>;
  /** the secret the stack signs provider callbacks with */
  callbackSecret: string;
}

/**
 * Starts a stack whose functions see `env` (on top of the engine's own defaults). The
 * dispatcher (NOTIFY + timer) runs only when `dispatcher` is true; otherwise tests call
 * dispatch() themselves, step by step.
 */
export async function startEngineStack(
  env: Record<string, string>,
  opts: { dispatcher?: boolean; reuse?: { db: any; dataDir: string } } = {},
): Promise<EngineStack> {
  for (const [k, v] of Object.entries(env)) process.env[k] = v;
  process.env.GENERATION_DISPATCH = opts.dispatcher ? 'on' : 'off';
  const own = await startOwnStack({}, opts.reuse);
  const defaults = engineDefaults(own.stack.context, env);
  return {
    ...own,
    callbackSecret: env.PROVIDER_CALLBACK_SECRET ?? defaults.PROVIDER_CALLBACK_SECRET,
    async dispatch() {
      const res = await fetch(`${own.url}/functions/v1/dispatch`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${own.stack.keys.serviceRole}`,
          apikey: own.stack.keys.serviceRole,
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      const body = await res.json();
      if (!res.ok) throw new Error(`dispatch answered ${res.status}: ${JSON.stringify(body)}`);
      return body;
    },
  };
}

export interface Seller {
  id: string;
  email: string;
  client: SupabaseClient;
}

function clientFor(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as any },
  });
}

/** The data of a supabase-js answer, or its error thrown. */
export async function must<R extends { data: unknown; error: unknown }>(
  p: PromiseLike<R>,
): Promise<NonNullable<R['data']>> {
  const { data, error } = await p;
  if (error) throw Object.assign(new Error((error as { message?: string }).message ?? String(error)), error);
  return data as NonNullable<R['data']>;
}

/** A confirmed, signed-in seller; on a paid plan when asked, with an exact balance when asked. */
export async function seller(
  s: OwnStack,
  opts: { plan?: 'free' | 'lite' | 'pro' | 'advanced'; credits?: number } = {},
): Promise<Seller> {
  const admin = s.service();
  const email = `engine-${randomUUID().slice(0, 12)}@example.test`;
  const password = `pw-${randomUUID()}`;
  const created = await must(
    admin.auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      user_metadata: { full_name: 'Engine Seller' },
    }),
  );
  const id = created.user!.id;
  if (opts.plan && opts.plan !== 'free') {
    await must(
      admin.rpc('activate_plan', {
        user_id: id,
        plan: opts.plan,
        period_start: new Date().toISOString(),
        period_end: new Date(Date.now() + 30 * 86400_000).toISOString(),
      }),
    );
  }
  if (opts.credits !== undefined) {
    const sub = (await must(
      admin.from('subscriptions').select('credits_remaining').eq('user_id', id).single(),
    )) as { credits_remaining: number };
    const delta = Math.round((opts.credits - Number(sub.credits_remaining)) * 100) / 100;
    if (delta < 0)
      await must(admin.rpc('charge_credits', { user_id: id, amount: -delta, reason: 'adjustment' }));
    if (delta > 0)
      await must(
        admin.rpc('grant_purchased_credits', {
          user_id: id,
          credits: delta,
          reference: `test-${randomUUID()}`,
        }),
      );
  }
  const client = clientFor(s.url, s.stack.keys.anon);
  await must(client.auth.signInWithPassword({ email, password }));
  return { id, email, client };
}

/** A product photo as a seller takes it: a garment on a plain light background. */
export async function productPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000">
    <rect width="100%" height="100%" fill="#f4f4f2"/>
    <path d="M250 150 L330 110 Q400 160 470 110 L550 150 L640 300 L560 340 L540 290 L540 860 L260 860 L260 290 L240 340 L160 300 Z" fill="#c0392b"/>
    <circle cx="400" cy="420" r="60" fill="#f1c40f"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Uploads a product photo to bucket uploads and records it (uploaded_files), as the app does. */
export async function uploadProduct(s: Seller, name = 'shirt.png', bytes?: Buffer): Promise<string> {
  const path = `${s.id}/${Date.now()}-${randomUUID().slice(0, 6)}-${name}`;
  const body = bytes ?? (await productPhoto());
  await must(s.client.storage.from('uploads').upload(path, body, { contentType: 'image/png' }));
  // a client may write any public_url: the engine must never fetch it
  await must(
    s.client.from('uploaded_files').insert({
      user_id: s.id,
      file_name: name,
      file_path: path,
      file_size: body.length,
      mime_type: 'image/png',
      public_url: 'http://169.254.169.254/latest/meta-data/',
    }),
  );
  return path;
}

/** start_generation as the seller; the project with its images. */
export async function startGeneration(
  s: Seller,
  productPath: string,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  return must(
    s.client.rpc('start_generation', {
      project_type: 'on-model',
      product_paths: [productPath],
      pose_ids: [1],
      model_id: 1,
      background_id: 4,
      ...overrides,
    }),
  );
}

export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
      last = v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`,
      );
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function imagesOf(s: OwnStack, projectId: string): Promise<any[]> {
  return must(s.service().from('images').select('*').eq('project_id', projectId).order('position'));
}

export async function projectOf(s: OwnStack, projectId: string): Promise<any> {
  return must(s.service().from('projects').select('*').eq('id', projectId).single());
}

export async function balance(
  s: OwnStack,
  userId: string,
): Promise<{ remaining: number; refunds: number; ledgerSum: number }> {
  const admin = s.service();
  const sub = (await must(
    admin.from('subscriptions').select('credits_remaining').eq('user_id', userId).single(),
  )) as any;
  const ledger = (await must(
    admin.from('credit_ledger').select('amount, reason').eq('user_id', userId),
  )) as any[];
  return {
    remaining: Number(sub.credits_remaining),
    refunds: ledger.filter((l) => l.reason === 'refund').length,
    ledgerSum: Math.round(ledger.reduce((n, l) => n + Number(l.amount), 0) * 100) / 100,
  };
}

/** Runs dispatch until `done` holds (each run polls and submits whatever is due). */
export async function dispatchUntil<T>(
  s: EngineStack,
  what: string,
  done: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  return waitFor(
    what,
    async () => {
      const v = await done();
      if (v) return v;
      await s.dispatch();
      return done();
    },
    timeoutMs,
    50,
  );
}

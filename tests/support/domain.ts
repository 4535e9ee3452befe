// Helpers for tests of the domain (supabase/migrations): direct SQL as a given role, and
// builders over the official client. Reusable by anyone testing features that need a
// seller with a plan, credits, an upload or a finished project.
//
// Two levels:
// - SQL (`openDomainDb`, `sqlAs`, `rpcAs`, `sqlUser`): the database alone, each call in its
//   own transaction as anon / a user / the service role, exactly as the REST layer sets it
//   (SET LOCAL ROLE + request.jwt.claims). PGlite runs get a fresh in-memory database with
//   the migrations applied; PostgreSQL runs use the suite's database.
// - Client (`seller`, `recordUpload`, `startGeneration`, `finishImages`, `setCredits`):
//   supabase-js against the test stack, as the app and the server code use it.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { ROOT } from '../../supabase/local/config.ts';
import { openDatabase, type Database, type Queryable } from '../../supabase/local/db/database.ts';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { openScratchDatabase } from '../../supabase/local/db/scratch.ts';
import { createUser, serviceClient, type TestUser } from './clients.ts';

// ---------------------------------------------------------------------------------------
// SQL level

/**
 * A database with the product's migrations that no stack works on: on PostgreSQL a scratch
 * database of its own (dropped by `drop`), a fresh PGlite otherwise. For tests whose rows the
 * suite's stack must not touch: its push sender deletes a device whose address it refuses.
 */
export async function openIsolatedDomainDb(
  label: string,
): Promise<{ db: Database; drop: () => Promise<void> }> {
  const info = inject('stack');
  const scratch = await openScratchDatabase(info.dbKind === 'postgres' ? info.databaseUrl : null, label, {
    poolSize: 10,
  });
  await migrate(scratch.db, {
    migrationsDir: path.join(ROOT, 'supabase/migrations'),
    seedFile: path.join(ROOT, 'supabase/seed.sql'),
  });
  return { db: scratch.db, drop: scratch.drop };
}

/** A database with the product's migrations: the suite's on PostgreSQL, a fresh PGlite otherwise. */
export async function openDomainDb(opts: { poolSize?: number } = {}): Promise<Database> {
  const info = inject('stack');
  if (info.dbKind === 'postgres' && info.databaseUrl) {
    return openDatabase({ databaseUrl: info.databaseUrl, poolSize: opts.poolSize ?? 10 });
  }
  const db = await openDatabase({ dataDir: null });
  await migrate(db, {
    migrationsDir: path.join(ROOT, 'supabase/migrations'),
    seedFile: path.join(ROOT, 'supabase/seed.sql'),
  });
  return db;
}

/**
 * Who runs a statement: the anonymous key, a signed-in user (by id; `appMetadata` is the JWT's
 * app_metadata claim, as GoTrue signs it), or the service role.
 */
export type Who = 'anon' | 'service' | { user: string; appMetadata?: Record<string, unknown> };

export interface SqlError {
  code: string;
  message: string;
  hint?: string;
  detail?: string;
}

/** Runs fn in one transaction with the role and JWT claims the REST layer would set. */
export async function withRole<T>(db: Database, who: Who, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const role = who === 'anon' ? 'anon' : who === 'service' ? 'service_role' : 'authenticated';
    const claims: Record<string, unknown> = { role };
    if (typeof who === 'object') {
      claims.sub = who.user;
      if (who.appMetadata) claims.app_metadata = who.appMetadata;
    }
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await tx.query(`set local role ${role}`);
    return fn(tx);
  });
}

/** One statement as `who`; resolves to its rows, rejects with the database's error. */
export async function sqlAs<R = Record<string, any>>(
  db: Database,
  who: Who,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  return withRole(db, who, async (tx) => (await tx.query<R>(sql, params)).rows);
}

/** How many rows a write changed, as `who` (0 when row-level security hid them). */
export async function writeAs(db: Database, who: Who, sql: string, params: unknown[] = []): Promise<number> {
  return withRole(db, who, async (tx) => (await tx.query(sql, params)).rowCount);
}

/** A value as an untyped SQL parameter: arrays as array literals, objects as JSON. */
function param(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) {
    return `{${v.map((x) => (x === null ? 'NULL' : `"${String(x).replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`;
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Calls public.fn with named arguments as `who`, like rpc(); answers its result as JSON. */
export async function rpcAs<T = any>(
  db: Database,
  who: Who,
  fn: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const names = Object.keys(args);
  const call = `public.${fn}(${names.map((n, i) => `${n} => $${i + 1}`).join(', ')})`;
  const rows = await sqlAs<{ r: string | null }>(
    db,
    who,
    `select to_jsonb(${call})::text as r`,
    names.map((n) => param(args[n])),
  );
  return (rows[0].r === null ? null : JSON.parse(rows[0].r)) as T;
}

/** The error a promise rejects with, as {code, message, hint, detail}; fails if it resolves. */
export async function sqlError(p: Promise<unknown>): Promise<SqlError> {
  try {
    await p;
  } catch (err: any) {
    return {
      code: err.code,
      message: err.message,
      hint: err.hint ?? undefined,
      detail: err.detail ?? undefined,
    };
  }
  throw new Error('expected the statement to fail, it succeeded');
}

export interface SqlUser {
  id: string;
  email: string;
}

/** A user as GoTrue would insert it (the sign-up trigger gives profile + free plan + 2 credits). */
export async function sqlUser(db: Database, metadata: Record<string, unknown> = {}): Promise<SqlUser> {
  const id = randomUUID();
  const email = `domain-${id.slice(0, 12)}@example.test`;
  await db.query(
    `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data) values ($1::uuid, $2, now(), $3::jsonb)`,
    [id, email, JSON.stringify(metadata)],
  );
  return { id, email };
}

/** Puts a user on a plan with exactly `credits` (purchased credits on top of none), as the service would. */
export async function sqlSetPlan(
  db: Database,
  userId: string,
  plan: string,
  credits?: number,
): Promise<void> {
  await rpcAs(db, 'service', 'activate_plan', {
    user_id: userId,
    plan,
    period_start: new Date().toISOString(),
    period_end: new Date(Date.now() + 30 * 86400_000).toISOString(),
  });
  if (credits !== undefined) await sqlSetCredits(db, userId, credits);
}

/** Moves a user's balance to exactly `credits` through the ledger (adjustments / purchases). */
export async function sqlSetCredits(db: Database, userId: string, credits: number): Promise<void> {
  const [s] = await sqlAs<{ c: string }>(
    db,
    'service',
    'select credits_remaining::text as c from public.subscriptions where user_id = $1',
    [userId],
  );
  const delta = Math.round((credits - Number(s.c)) * 100) / 100;
  if (delta < 0)
    await rpcAs(db, 'service', 'charge_credits', { user_id: userId, amount: -delta, reason: 'adjustment' });
  if (delta > 0)
    await rpcAs(db, 'service', 'grant_purchased_credits', {
      user_id: userId,
      credits: delta,
      reference: `test-${randomUUID()}`,
    });
}

/** Records an uploaded product photo for the user (the row start_generation checks). */
export async function sqlUpload(db: Database, userId: string, name = 'shirt.png'): Promise<string> {
  const filePath = `${userId}/${Date.now()}-${randomUUID().slice(0, 8)}-${name}`;
  await sqlAs(
    db,
    { user: userId },
    `insert into public.uploaded_files (user_id, file_name, file_path, file_size, mime_type)
    values ($1::uuid, $2, $3, 1234, 'image/png')`,
    [userId, name, filePath],
  );
  return filePath;
}

/** A valid on-model selection for start_generation, with overrides. */
export function selection(
  productPath: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    project_type: 'on-model',
    product_paths: [productPath],
    pose_ids: [1],
    model_id: 1,
    background_id: 2,
    ...overrides,
  };
}

/** A user's balance, plan credits, purchased credits and the sum of their ledger. */
export async function sqlBalance(db: Database, userId: string) {
  const [r] = await sqlAs<{
    remaining: string;
    plan_credits: string;
    purchased: string;
    ledger: string;
    plan: string;
  }>(
    db,
    'service',
    `select s.credits_remaining::text as remaining, s.plan_credits::text as plan_credits,
            s.purchased_credits::text as purchased, s.plan,
            (select coalesce(sum(amount), 0)::text from public.credit_ledger l where l.user_id = s.user_id) as ledger
     from public.subscriptions s where s.user_id = $1`,
    [userId],
  );
  return {
    remaining: Number(r.remaining),
    planCredits: Number(r.plan_credits),
    purchased: Number(r.purchased),
    ledgerSum: Number(r.ledger),
    plan: r.plan,
  };
}

// ---------------------------------------------------------------------------------------
// Client level (official supabase-js against the test stack)

/** Raises a PostgREST error with its fields, or returns data. */
export function must<T>(res: { data: T; error: any }): T {
  if (res.error) throw Object.assign(new Error(res.error.message), res.error);
  return res.data;
}

/** A signed-in seller; optionally on a paid plan and with an exact balance. */
export async function seller(
  opts: {
    plan?: 'free' | 'lite' | 'pro' | 'advanced';
    credits?: number;
    metadata?: Record<string, unknown>;
  } = {},
): Promise<TestUser> {
  const user = await createUser({ full_name: 'Test Seller', ...opts.metadata });
  const admin = serviceClient();
  if (opts.plan && opts.plan !== 'free') {
    must(
      await admin.rpc('activate_plan', {
        user_id: user.id,
        plan: opts.plan,
        period_start: new Date().toISOString(),
        period_end: new Date(Date.now() + 30 * 86400_000).toISOString(),
      }),
    );
  }
  if (opts.credits !== undefined) await setCredits(user.id, opts.credits);
  return user;
}

/** Moves a user's balance to exactly `credits` (service role, through the ledger). */
export async function setCredits(userId: string, credits: number): Promise<void> {
  const admin = serviceClient();
  const sub = must(
    await admin.from('subscriptions').select('credits_remaining').eq('user_id', userId).single(),
  ) as {
    credits_remaining: number;
  };
  const delta = Math.round((credits - Number(sub.credits_remaining)) * 100) / 100;
  if (delta < 0)
    must(await admin.rpc('charge_credits', { user_id: userId, amount: -delta, reason: 'adjustment' }));
  if (delta > 0)
    must(
      await admin.rpc('grant_purchased_credits', {
        user_id: userId,
        credits: delta,
        reference: `test-${randomUUID()}`,
      }),
    );
}

/** Records an uploaded product photo (uploaded_files row; the object itself is optional for the rules). */
export async function recordUpload(
  client: SupabaseClient,
  userId: string,
  name = 'shirt.png',
): Promise<string> {
  const filePath = `${userId}/${Date.now()}-${randomUUID().slice(0, 8)}-${name}`;
  must(
    await client.from('uploaded_files').insert({
      user_id: userId,
      file_name: name,
      file_path: filePath,
      file_size: 1234,
      mime_type: 'image/png',
    }),
  );
  return filePath;
}

/** Starts a generation with a valid on-model selection (overridable); returns the project. */
export async function startGeneration(
  client: SupabaseClient,
  productPath: string,
  overrides: Record<string, unknown> = {},
) {
  return must(await client.rpc('start_generation', selection(productPath, overrides))) as {
    id: string;
    name: string;
    status: string;
    images: { id: string; status: string }[];
  };
}

/** Reports every image of a project with one outcome, as the generation worker would. */
export async function finishImages(
  projectId: string,
  status: 'completed' | 'failed' | 'rejected' = 'completed',
) {
  const admin = serviceClient();
  const images = must(await admin.from('images').select('id, user_id').eq('project_id', projectId)) as {
    id: string;
    user_id: string;
  }[];
  for (const image of images) {
    must(
      await admin.rpc('report_image_outcome', {
        image_id: image.id,
        status,
        generated_path: status === 'completed' ? `${image.user_id}/${projectId}/${image.id}.png` : null,
        watermarked_path: status === 'completed' ? `${image.user_id}/${projectId}/${image.id}.png` : null,
      }),
    );
  }
}

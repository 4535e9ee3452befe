// Money requests are served once per request id (20261127003000): start_generation,
// request_project_video and request_project_fix asked again with the same id — once more,
// ten times at once, or after a commit whose reply never reached the browser — answer the
// first outcome: one project / video / fix, one charge.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import { serviceClient, stack } from '../../support/clients.ts';
import {
  must,
  openDomainDb,
  recordUpload,
  rpcAs,
  seller,
  selection,
  sqlAs,
  sqlBalance,
  sqlError,
  sqlSetCredits,
  sqlSetPlan,
  sqlUpload,
  sqlUser,
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb({ poolSize: 10 });
});
afterAll(async () => {
  await db?.close();
});

const count = async (sql: string, params: unknown[]) =>
  (await sqlAs<{ n: number }>(db, 'service', `select count(*)::int as n from (${sql}) x`, params))[0].n;
const projects = (userId: string) => count('select 1 from public.projects where user_id = $1', [userId]);
const ledger = (userId: string, reason: string) =>
  count('select 1 from public.credit_ledger where user_id = $1 and reason = $2', [userId, reason]);
const fixes = (userId: string) => count('select 1 from public.fixes where user_id = $1', [userId]);

/** A seller (on `plan`) with a completed one-image project and `credits` left after it. */
async function completedProject(plan: string, credits: number) {
  const u = await sqlUser(db);
  if (plan !== 'free') await sqlSetPlan(db, u.id, plan);
  await sqlSetCredits(db, u.id, credits + 1);
  const p = await rpcAs(db, { user: u.id }, 'start_generation', selection(await sqlUpload(db, u.id)));
  await rpcAs(db, 'service', 'report_image_outcome', {
    image_id: p.images[0].id,
    status: 'completed',
    generated_path: `${u.id}/${p.id}/${p.images[0].id}.png`,
  });
  return { user: u, projectId: p.id as string };
}

describe('start_generation with a request id', () => {
  it('asked twice: one project, one charge, the same project answered (replayed)', async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 5);
    const args = { ...selection(await sqlUpload(db, u.id)), request_id: randomUUID() };
    const first = await rpcAs(db, { user: u.id }, 'start_generation', args);
    expect(first).toMatchObject({ status: 'processing', replayed: false });
    // the page was switched to Greek meanwhile: the language does not make it a new request
    const again = await rpcAs(db, { user: u.id }, 'start_generation', { ...args, locale: 'el' });
    expect(again).toMatchObject({
      id: first.id,
      name: first.name,
      charge_id: first.charge_id,
      replayed: true,
    });
    expect(await projects(u.id)).toBe(1);
    expect(await ledger(u.id, 'generation')).toBe(1);
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 4, ledgerSum: 4 });
  });

  it('ten at once: one project and one charge, all ten answer it', async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 5);
    const args = { ...selection(await sqlUpload(db, u.id)), request_id: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => rpcAs(db, { user: u.id }, 'start_generation', args)),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers.filter((a) => a.replayed === false)).toHaveLength(1);
    expect(await projects(u.id)).toBe(1);
    expect(await ledger(u.id, 'generation')).toBe(1);
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 4, ledgerSum: 4 });
  });

  it('a refused request is not remembered; another id is another project; other choices under one id are refused', async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 0);
    const product = await sqlUpload(db, u.id);
    const id = randomUUID();
    const refused = await sqlError(
      rpcAs(db, { user: u.id }, 'start_generation', { ...selection(product), request_id: id }),
    );
    expect(refused).toMatchObject({ hint: 'insufficient_credits' });
    await sqlSetCredits(db, u.id, 3);
    const ok = await rpcAs(db, { user: u.id }, 'start_generation', { ...selection(product), request_id: id });
    expect(ok).toMatchObject({ replayed: false });
    const other = await rpcAs(db, { user: u.id }, 'start_generation', {
      ...selection(product),
      request_id: randomUUID(),
    });
    expect(other.id).not.toBe(ok.id);
    const reused = await sqlError(
      rpcAs(db, { user: u.id }, 'start_generation', {
        ...selection(product, { pose_ids: [3] }),
        request_id: id,
      }),
    );
    expect(reused).toMatchObject({
      hint: 'request_reused',
      message: 'This request was already sent with other choices',
    });
    const tooLong = await sqlError(
      rpcAs(db, { user: u.id }, 'start_generation', { ...selection(product), request_id: 'x'.repeat(201) }),
    );
    expect(tooLong).toMatchObject({ hint: 'request_id_invalid' });
    expect(await projects(u.id)).toBe(2);
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 1, ledgerSum: 1 });
    // another seller's same id is their own request
    const b = await sqlUser(db);
    const theirs = await rpcAs(db, { user: b.id }, 'start_generation', {
      ...selection(await sqlUpload(db, b.id)),
      request_id: id,
    });
    expect(theirs).toMatchObject({ replayed: false, user_id: b.id });
  });

  it('without a request id every call is served, as before', async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 5);
    const args = selection(await sqlUpload(db, u.id));
    await rpcAs(db, { user: u.id }, 'start_generation', args);
    await rpcAs(db, { user: u.id }, 'start_generation', args);
    expect(await projects(u.id)).toBe(2);
  });

  it('ids are kept 30 days: an older one of the seller is forgotten at their next request', async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 5);
    const product = await sqlUpload(db, u.id);
    const old = randomUUID();
    await rpcAs(db, { user: u.id }, 'start_generation', { ...selection(product), request_id: old });
    // (the database's owner: the table is private, no API role reads it)
    await db.query(
      `update private.money_requests set created_at = now() - interval '31 days' where request_id = $1`,
      [old],
    );
    await rpcAs(db, { user: u.id }, 'start_generation', { ...selection(product), request_id: randomUUID() });
    const kept = await db.query<{ request_id: string }>(
      'select request_id from private.money_requests where user_id = $1',
      [u.id],
    );
    expect(kept.rows.map((r) => r.request_id)).not.toContain(old);
    expect(kept.rows).toHaveLength(1);
  });
});

describe('request_project_video with a request id', () => {
  it('asked twice and ten times at once: one video, one 3-credit charge', async () => {
    const { user, projectId } = await completedProject('advanced', 10);
    const args = { project_id: projectId, video_style: 'zoom-in', request_id: randomUUID() };
    const first = await rpcAs(db, { user: user.id }, 'request_project_video', args);
    expect(first).toMatchObject({ id: projectId, video_status: 'pending', replayed: false });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => rpcAs(db, { user: user.id }, 'request_project_video', args)),
    );
    for (const a of answers)
      expect(a).toMatchObject({ id: projectId, video_charge_id: first.video_charge_id, replayed: true });
    expect(await ledger(user.id, 'video')).toBe(1);
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 7, ledgerSum: 7 });
  });

  it('ten first requests at once: one is charged, the others are replays of it', async () => {
    const { user, projectId } = await completedProject('advanced', 10);
    const args = { project_id: projectId, video_style: 'zoom-in', request_id: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => rpcAs(db, { user: user.id }, 'request_project_video', args)),
    );
    expect(answers.filter((a) => a.replayed === false)).toHaveLength(1);
    expect(await ledger(user.id, 'video')).toBe(1);
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 7, ledgerSum: 7 });
    // a new press (new id) while that video is being made is refused as before
    const busy = await sqlError(
      rpcAs(db, { user: user.id }, 'request_project_video', { ...args, request_id: randomUUID() }),
    );
    expect(busy).toMatchObject({ hint: 'video_in_progress' });
  });
});

describe('request_project_fix with a request id', () => {
  it('asked twice and ten times at once: one fix, one 1-credit charge', async () => {
    const { user, projectId } = await completedProject('free', 3);
    const args = { project_id: projectId, description: 'The sleeve is too long', request_id: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => rpcAs(db, { user: user.id }, 'request_project_fix', args)),
    );
    expect(new Set(answers.map((a) => a.fix.id)).size).toBe(1);
    expect(answers.filter((a) => a.replayed === false)).toHaveLength(1);
    const again = await rpcAs(db, { user: user.id }, 'request_project_fix', args);
    expect(again).toMatchObject({
      fix: { id: answers[0].fix.id },
      is_free: false,
      credits_charged: 1,
      credits_remaining: 2,
      replayed: true,
    });
    expect(await fixes(user.id)).toBe(1);
    expect(await ledger(user.id, 'fix')).toBe(1);
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 2, ledgerSum: 2 });
  });

  it('a free fix asked again stays one free fix', async () => {
    const { user, projectId } = await completedProject('lite', 3);
    const args = { project_id: projectId, description: 'Wrong colour', request_id: randomUUID() };
    const first = await rpcAs(db, { user: user.id }, 'request_project_fix', args);
    const again = await rpcAs(db, { user: user.id }, 'request_project_fix', args);
    expect(again).toMatchObject({
      fix: { id: first.fix.id },
      is_free: true,
      credits_charged: 0,
      replayed: true,
    });
    expect(await fixes(user.id)).toBe(1);
    expect(await count('select 1 from public.fix_requests where user_id = $1', [user.id])).toBe(1);
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 3, ledgerSum: 3 });
  });
});

/**
 * A signed-in client whose next `drops` calls to `rpcName` reach the server and are answered
 * there, but whose answers never arrive: the browser sees a network failure.
 */
async function clientLosingReplies(email: string, password: string, rpcName: string, drops = 1) {
  let left = drops;
  const fetchLosing: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (left > 0 && String(input instanceof Request ? input.url : input).includes(`/rpc/${rpcName}`)) {
      left--;
      await res.arrayBuffer();
      throw new TypeError('Failed to fetch');
    }
    return res;
  };
  const client = createClient(stack().url, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchLosing },
    realtime: { transport: ws as never },
  });
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  return client;
}

describe('through the official client, after a commit whose reply was dropped', () => {
  it('generation: the retry with the same id answers the one project; one credit taken', async () => {
    const s = await seller({ credits: 2 });
    const client = await clientLosingReplies(s.email, s.password, 'start_generation');
    const args = { ...selection(await recordUpload(client, s.id)), request_id: randomUUID() };
    const lost = await client.rpc('start_generation', args);
    expect(lost.error).not.toBeNull();
    const retry = must(await client.rpc('start_generation', args)) as { id: string; replayed: boolean };
    expect(retry.replayed).toBe(true);
    const rows = must(await s.client.from('projects').select('id')) as { id: string }[];
    expect(rows).toEqual([{ id: retry.id }]);
    const sub = must(await s.client.from('subscriptions').select('credits_remaining').single()) as {
      credits_remaining: number;
    };
    expect(Number(sub.credits_remaining)).toBe(1);
  });

  it('video: the retry with the same id answers the project; 3 credits taken once', async () => {
    const s = await seller({ plan: 'advanced', credits: 20 });
    const client = await clientLosingReplies(s.email, s.password, 'request_project_video');
    const p = await finishedProject(client, s.id);
    const video = { project_id: p, video_style: 'zoom-in', request_id: randomUUID() };
    expect((await client.rpc('request_project_video', video)).error).not.toBeNull();
    expect(must(await client.rpc('request_project_video', video))).toMatchObject({ id: p, replayed: true });
    expect(await ledgerOf(s.client, 'video')).toEqual([-3]);
    expect(await balanceOf(s.client)).toBe(16);
  });

  it('fix: the retry with the same id answers the one fix; 1 credit taken once', async () => {
    const s = await seller({ credits: 3 });
    const client = await clientLosingReplies(s.email, s.password, 'request_project_fix');
    const p = await finishedProject(client, s.id);
    const fix = { project_id: p, description: 'Shorter sleeve', request_id: randomUUID() };
    expect((await client.rpc('request_project_fix', fix)).error).not.toBeNull();
    const retry = must(await client.rpc('request_project_fix', fix)) as { fix: { id: string } };
    expect(retry).toMatchObject({ is_free: false, credits_charged: 1, credits_remaining: 1, replayed: true });
    const rows = must(await s.client.from('fixes').select('id')) as { id: string }[];
    expect(rows).toEqual([{ id: retry.fix.id }]);
    expect(await ledgerOf(s.client, 'fix')).toEqual([-1]);
    expect(await balanceOf(s.client)).toBe(1);
  });
});

/** A one-image project of the seller, completed as the generation worker reports it. */
async function finishedProject(client: SupabaseClient, userId: string): Promise<string> {
  const p = must(await client.rpc('start_generation', selection(await recordUpload(client, userId)))) as {
    id: string;
    images: { id: string }[];
  };
  must(
    await serviceClient().rpc('report_image_outcome', {
      image_id: p.images[0].id,
      status: 'completed',
      generated_path: `${userId}/${p.id}/${p.images[0].id}.png`,
    }),
  );
  return p.id;
}

async function ledgerOf(client: SupabaseClient, reason: string) {
  const rows = must(await client.from('credit_ledger').select('amount').eq('reason', reason)) as {
    amount: number;
  }[];
  return rows.map((r) => Number(r.amount));
}

async function balanceOf(client: SupabaseClient) {
  const sub = must(await client.from('subscriptions').select('credits_remaining').single()) as {
    credits_remaining: number;
  };
  return Number(sub.credits_remaining);
}

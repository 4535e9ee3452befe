// Background removal is charged and queued once per request (20261123002100): a retried
// request (same request id) answers the job it already made — one 0.40 charge, one job, one
// tool_used activity — even when requests race or the photo is gone by the retry.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import { serviceClient } from '../../support/clients.ts';
import {
  must,
  openDomainDb,
  rpcAs,
  seller,
  sqlAs,
  sqlBalance,
  sqlError,
  sqlSetCredits,
  sqlUser,
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb({ poolSize: 6 });
});
afterAll(async () => {
  await db?.close();
});

async function toolPhoto(userId: string) {
  const path = `${userId}/${randomUUID()}.png`;
  await sqlAs(
    db,
    'service',
    `insert into storage.objects (bucket_id, name, owner_id, metadata)
    values ('tool-images', $1, $2, '{"mimetype":"image/png","size":10}'::jsonb)`,
    [path, userId],
  );
  return path;
}

const jobsOf = (userId: string) =>
  sqlAs<{ id: string; request_id: string | null }>(
    db,
    'service',
    'select id, request_id from public.tool_jobs where user_id = $1 order by created_at',
    [userId],
  );
const toolLogs = (userId: string) =>
  sqlAs(
    db,
    'service',
    `select raw_data from public.webhook_logs where user_id = $1 and event_type = 'user_activity_tool_used'`,
    [userId],
  );

describe('start_background_removal with a request id', () => {
  it('charges and queues a request once: asked again, it answers the same job, replayed', async () => {
    const u = await sqlUser(db);
    const path = await toolPhoto(u.id);
    const requestId = randomUUID();
    const first = await rpcAs(db, { user: u.id }, 'start_background_removal', {
      input_path: path,
      request_id: requestId,
    });
    expect(first).toMatchObject({ status: 'pending', input_path: path, replayed: false });
    const again = await rpcAs(db, { user: u.id }, 'start_background_removal', {
      input_path: path,
      request_id: requestId,
    });
    expect(again).toMatchObject({ id: first.id, charge_id: first.charge_id, replayed: true });
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 1.6, ledgerSum: 1.6 });
    expect(await jobsOf(u.id)).toEqual([{ id: first.id, request_id: requestId }]);
    expect(await toolLogs(u.id)).toHaveLength(1);

    // the job moved on meanwhile and the photo is gone: the replay still answers that job
    await sqlAs(db, 'service', `update public.tool_jobs set status = 'processing' where id = $1`, [first.id]);
    await sqlAs(db, 'service', `delete from storage.objects where bucket_id = 'tool-images' and name = $1`, [
      path,
    ]);
    const later = await rpcAs(db, { user: u.id }, 'start_background_removal', {
      input_path: path,
      request_id: requestId,
    });
    expect(later).toMatchObject({ id: first.id, status: 'processing', replayed: true });
    expect((await sqlBalance(db, u.id)).remaining).toBe(1.6);
  });

  it('the same request sent five times at once is one charge and one job', async () => {
    const u = await sqlUser(db);
    const path = await toolPhoto(u.id);
    const requestId = randomUUID();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        rpcAs(db, { user: u.id }, 'start_background_removal', { input_path: path, request_id: requestId }),
      ),
    );
    const answers = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    expect(answers).toHaveLength(5);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers.filter((a) => a.replayed === false)).toHaveLength(1);
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 1.6, ledgerSum: 1.6 });
    expect(await jobsOf(u.id)).toHaveLength(1);
  });

  it('a new request id is a new job; another seller’s same id is theirs; no id charges every call', async () => {
    const a = await sqlUser(db);
    const b = await sqlUser(db);
    const requestId = randomUUID();
    const one = await rpcAs(db, { user: a.id }, 'start_background_removal', {
      input_path: await toolPhoto(a.id),
      request_id: requestId,
    });
    const two = await rpcAs(db, { user: a.id }, 'start_background_removal', {
      input_path: await toolPhoto(a.id),
      request_id: randomUUID(),
    });
    expect(two.id).not.toBe(one.id);
    const theirs = await rpcAs(db, { user: b.id }, 'start_background_removal', {
      input_path: await toolPhoto(b.id),
      request_id: requestId,
    });
    expect(theirs).toMatchObject({ replayed: false });
    expect(theirs.id).not.toBe(one.id);
    const plain = await toolPhoto(a.id);
    await rpcAs(db, { user: a.id }, 'start_background_removal', { input_path: plain });
    await rpcAs(db, { user: a.id }, 'start_background_removal', { input_path: plain });
    expect(await jobsOf(a.id)).toHaveLength(4);
    expect(await sqlBalance(db, a.id)).toMatchObject({ remaining: 0.4, ledgerSum: 0.4 });
    expect((await sqlBalance(db, b.id)).remaining).toBe(1.6);
  });

  it('a refused request charges nothing and may be asked again with the same id once credits exist', async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 0.2);
    const path = await toolPhoto(u.id);
    const requestId = randomUUID();
    const err = await sqlError(
      rpcAs(db, { user: u.id }, 'start_background_removal', { input_path: path, request_id: requestId }),
    );
    expect(err).toMatchObject({ hint: 'insufficient_credits' });
    expect(await jobsOf(u.id)).toEqual([]);
    await sqlSetCredits(db, u.id, 1);
    const ok = await rpcAs(db, { user: u.id }, 'start_background_removal', {
      input_path: path,
      request_id: requestId,
    });
    expect(ok).toMatchObject({ replayed: false, status: 'pending' });
    expect((await sqlBalance(db, u.id)).remaining).toBe(0.6);
  });

  it('through the official client: a retried call returns the job, the seller pays once', async () => {
    const user = await seller({ credits: 2 });
    const path = `${user.id}/${randomUUID()}.png`;
    must(
      await user.client.storage
        .from('tool-images')
        .upload(path, new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), {
          contentType: 'image/png',
        }),
    );
    const requestId = randomUUID();
    const first = must(
      await user.client.rpc('start_background_removal', { input_path: path, request_id: requestId }),
    ) as { id: string; replayed: boolean };
    const second = must(
      await user.client.rpc('start_background_removal', { input_path: path, request_id: requestId }),
    ) as { id: string; replayed: boolean };
    expect(second).toMatchObject({ id: first.id, replayed: true });
    const sub = must(
      await serviceClient().from('subscriptions').select('credits_remaining').eq('user_id', user.id).single(),
    ) as { credits_remaining: number };
    expect(Number(sub.credits_remaining)).toBe(1.6);
  });
});

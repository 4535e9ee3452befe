// Callbacks nobody can act on yet, at the SQL level: kept (not waited for) when they come
// before the handle is recorded or while the job is held, and handed to whoever holds the job
// next — the step that records the handle, the holder letting go, or the next poll after a
// holder died. Kept bodies go when the job is retried; a refund still happens once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  openDomainDb,
  rpcAs,
  selection,
  sqlBalance,
  sqlSetPlan,
  sqlUpload,
  sqlUser,
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb();
});
afterAll(async () => {
  await db?.close();
});

/** An image of a new seller, claimed by a dispatch run (attempt 1, no handle yet). */
async function claimedImage() {
  const u = await sqlUser(db);
  await sqlSetPlan(db, u.id, 'lite', 5);
  const p = await rpcAs(db, { user: u.id }, 'start_generation', selection(await sqlUpload(db, u.id)));
  const image = p.images[0].id as string;
  const work = await rpcAs(db, 'service', 'claim_dispatch_work', { worker: 'w1', max_jobs: 50 });
  expect(work.images.map((i: { image_id: string }) => i.image_id)).toContain(image);
  return { user: u, image };
}

const begin = (image: string, body: unknown, lease = 60) =>
  rpcAs(db, 'service', 'begin_provider_callback', {
    kind: 'image',
    job_id: image,
    attempt: 1,
    body,
    lease_seconds: lease,
  });
const kept = async (image: string) =>
  (await db.query('select attempt, body from private.pending_callbacks where job_id = $1', [image])).rows;
const held = async (image: string) =>
  (
    await db.query<{ held: boolean }>(
      'select coalesce(handling_until > now(), false) as held from private.provider_waits where job_id = $1',
      [image],
    )
  ).rows[0]?.held ?? null;

describe('callbacks that nobody can act on yet', () => {
  it('early: kept at once, then handed to the step that records the handle, which holds the job', async () => {
    const { image } = await claimedImage();
    expect(await begin(image, { id: 'p1' })).toEqual({ result: 'stored', reason: 'early' });
    expect(await kept(image)).toEqual([{ attempt: 1, body: { id: 'p1' } }]);
    const recorded = await rpcAs(db, 'service', 'record_provider_job', {
      kind: 'image',
      job_id: image,
      attempt: 1,
      handle: 'fashn:model:p1',
      deadline_seconds: 600,
      poll_seconds: 10,
      hold_seconds: 60,
    });
    expect(recorded).toEqual({ recorded: true, callback: { body: { id: 'p1' } } });
    expect(await kept(image)).toEqual([]);
    expect(await held(image)).toBe(true);
  });

  it('busy: kept while the job is held; the holder letting go gets it back; then callbacks are handled', async () => {
    const { image } = await claimedImage();
    const record = await rpcAs(db, 'service', 'record_provider_job', {
      kind: 'image',
      job_id: image,
      attempt: 1,
      handle: 'fashn:model:p1',
      deadline_seconds: 600,
      poll_seconds: 10,
    });
    expect(record).toEqual({ recorded: true });
    expect(await held(image)).toBe(false);
    expect(await begin(image, { n: 1 })).toMatchObject({
      result: 'ok',
      job: { provider_job_id: 'fashn:model:p1' },
    });
    expect(await begin(image, { n: 2 })).toEqual({ result: 'stored', reason: 'busy' });
    const progress = {
      kind: 'image',
      job_id: image,
      attempt: 1,
      handle: 'fashn:model:p1',
      poll_seconds: 10,
      hold_seconds: 60,
    };
    expect(await rpcAs(db, 'service', 'record_provider_progress', progress)).toEqual({
      recorded: true,
      callback: { body: { n: 2 } },
    });
    expect(await held(image)).toBe(true);
    expect(await rpcAs(db, 'service', 'record_provider_progress', progress)).toEqual({ recorded: true });
    expect(await held(image)).toBe(false);
    expect(await begin(image, { n: 3 })).toMatchObject({ result: 'ok' });
  });

  it('a holder that died: the next poll after its lease carries the kept callback; a retry drops it, refunded once', async () => {
    const { user, image } = await claimedImage();
    await rpcAs(db, 'service', 'record_provider_job', {
      kind: 'image',
      job_id: image,
      attempt: 1,
      handle: 'webhook:image:x:1',
      deadline_seconds: 600,
      poll_seconds: 10,
    });
    expect(await begin(image, { status: 'running' })).toMatchObject({ result: 'ok' });
    expect(await begin(image, { status: 'completed', imageUrl: 'https://w/r.png' })).toEqual({
      result: 'stored',
      reason: 'busy',
    });
    // the holder's lease runs out
    await db.query(
      "update private.provider_waits set handling_until = now() - interval '1 second', next_poll_at = now() - interval '1 second' where job_id = $1",
      [image],
    );
    const work = await rpcAs(db, 'service', 'claim_dispatch_work', {
      worker: 'w2',
      max_jobs: 0,
      max_polls: 50,
    });
    const poll = work.polls.find((j: { image_id: string }) => j.image_id === image);
    expect(poll).toMatchObject({
      provider_job_id: 'webhook:image:x:1',
      callback: { body: { status: 'completed', imageUrl: 'https://w/r.png' } },
    });
    expect(await kept(image)).toEqual([]);

    // kept again, then the attempt fails for good: the kept body goes with it, one refund
    expect(await begin(image, { status: 'completed' })).toEqual({ result: 'stored', reason: 'busy' });
    const before = await sqlBalance(db, user.id);
    expect(
      await rpcAs(db, 'service', 'retry_engine_job', {
        kind: 'image',
        job_id: image,
        attempt: 1,
        error: 'gone',
        delay_seconds: 0,
        max_attempts: 1,
      }),
    ).toBe('failed');
    expect(await kept(image)).toEqual([]);
    const after = await sqlBalance(db, user.id);
    expect(Number(after.remaining) - Number(before.remaining)).toBe(1);
    expect(await begin(image, { status: 'completed' })).toEqual({ result: 'stale' });
  });
});

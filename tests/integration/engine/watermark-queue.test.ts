// The queue of watermarked copies (20261123002400) at the SQL level: what a switch to a
// watermarked plan queues (and what it does not), claiming with a lease, finishing, retrying
// and failing, and an image completed without a copy after the switch.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  openDomainDb,
  rpcAs,
  selection,
  sqlAs,
  sqlBalance,
  sqlError,
  sqlSetPlan,
  sqlUpload,
  sqlUser,
  withRole,
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb();
});
afterAll(async () => {
  await db?.close();
});

/** A seller on `plan` with `count` completed images made on it (clean only), and one still processing. */
async function sellerWithImages(plan: string, count: number) {
  const u = await sqlUser(db);
  await sqlSetPlan(db, u.id, plan, 20);
  const done: string[] = [];
  for (let n = 0; n < count; n++) {
    const p = await rpcAs(db, { user: u.id }, 'start_generation', selection(await sqlUpload(db, u.id)));
    const image = p.images[0].id as string;
    await rpcAs(db, 'service', 'report_image_outcome', {
      image_id: image,
      status: 'completed',
      generated_path: `${u.id}/${p.id}/${image}.png`,
      generated_url: `http://stack/storage/v1/object/authenticated/generated/${u.id}/${p.id}/${image}.png`,
    });
    done.push(image);
  }
  const running = await rpcAs(db, { user: u.id }, 'start_generation', selection(await sqlUpload(db, u.id)));
  return { user: u, done, running: running.images[0].id as string, runningProject: running.id as string };
}

// the queue is private: the tests read it as the database owner
const queued = async (userId: string) =>
  (
    await db.query<{ image_id: string }>(
      'select image_id from private.watermark_backfill where user_id = $1 order by created_at',
      [userId],
    )
  ).rows.map((r) => r.image_id);

/** The plan becomes free at the period end (a cancellation), as the renewal job applies it. */
async function endOnFree(userId: string) {
  await rpcAs(db, 'service', 'set_subscription_cancellation', { user_id: userId, cancel: true });
  const [s] = await sqlAs<{ end: string }>(
    db,
    'service',
    'select current_period_end::text as end from public.subscriptions where user_id = $1',
    [userId],
  );
  await rpcAs(db, 'service', 'renew_due_subscriptions', {
    p_now: new Date(new Date(s.end).getTime() + 60_000).toISOString(),
    only_user: userId,
  });
}

/** claim_watermark_work for this seller's rows only (other tests' rows are left to them). */
async function claimFor(userId: string, at?: string) {
  const all = await withRole(db, 'service', async (tx) => {
    if (at) await tx.query(`select set_config('drape.now', $1, true)`, [at]);
    const r = await tx.query<{ r: string }>(
      `select public.claim_watermark_work('test-worker', 100, 120, 3)::text as r`,
    );
    return JSON.parse(r.rows[0].r) as { image_id: string; user_id: string; attempt: number }[];
  });
  // give back what belongs to other tests' sellers on the same database
  const others = all.filter((j) => j.user_id !== userId).map((j) => j.image_id);
  if (others.length)
    await db.query(
      `update private.watermark_backfill set attempts = attempts - 1, lease_expires_at = null,
         next_attempt_at = now() where image_id = any ($1::uuid[])`,
      [`{${others.join(',')}}`],
    );
  return all.filter((j) => j.user_id === userId);
}

/** finish_watermark_work as the service role, with the clock at `at`. */
async function finishAt(at: string, args: Record<string, unknown>) {
  return withRole(db, 'service', async (tx) => {
    await tx.query(`select set_config('drape.now', $1, true)`, [at]);
    const r = await tx.query<{ r: string }>(
      `select public.finish_watermark_work(image_id => $1::uuid, attempt => $2::integer, error => $3,
         retry_seconds => $4::integer) as r`,
      [args.image_id, String(args.attempt), args.error, String(args.retry_seconds)],
    );
    return r.rows[0].r;
  });
}

describe('watermarked copies when a plan becomes free', () => {
  it('a paid plan ending on free queues every completed image without a copy, nothing else; credits untouched', async () => {
    const { user, done, running } = await sellerWithImages('pro', 2);
    expect(await queued(user.id)).toEqual([]);
    const before = await sqlBalance(db, user.id);
    await endOnFree(user.id);
    const [sub] = await sqlAs(db, 'service', 'select plan from public.subscriptions where user_id = $1', [
      user.id,
    ]);
    expect(sub.plan).toBe('free');
    expect((await queued(user.id)).sort()).toEqual([...done].sort());
    expect(await queued(user.id)).not.toContain(running);
    // the ledger still adds up (the free period's grant and the expiry are the renewal's own)
    const after = await sqlBalance(db, user.id);
    expect(after.ledgerSum).toBe(after.remaining);
    expect(after.purchased).toBe(before.purchased);

    // the image still processing completes without a copy on the free plan: queued as well
    await rpcAs(db, 'service', 'report_image_outcome', {
      image_id: running,
      status: 'completed',
      generated_path: `${user.id}/x/${running}.png`,
    });
    expect(await queued(user.id)).toContain(running);
  });

  it('is claimed with a lease, finished once: the image names its copy and shows it', async () => {
    const { user, done } = await sellerWithImages('lite', 1);
    await endOnFree(user.id);
    const [job] = await claimFor(user.id);
    expect(job).toMatchObject({ kind: 'watermark', image_id: done[0], attempt: 1 });
    expect(await claimFor(user.id)).toEqual([]); // held by the lease
    const url = `http://stack/storage/v1/object/authenticated/watermarked/${job.image_id}.png`;
    const finished = await rpcAs(db, 'service', 'finish_watermark_work', {
      image_id: job.image_id,
      attempt: 1,
      watermarked_path: 'w.png',
      watermarked_url: url,
    });
    expect(finished).toBe('completed');
    const [image] = await sqlAs(
      db,
      { user: user.id },
      'select watermarked_path, generated_url from public.images where id = $1',
      [job.image_id],
    );
    expect(image).toEqual({ watermarked_path: 'w.png', generated_url: url });
    expect(await queued(user.id)).toEqual([]);
    // a late second finish changes nothing
    expect(
      await rpcAs(db, 'service', 'finish_watermark_work', {
        image_id: job.image_id,
        attempt: 1,
        watermarked_path: 'other.png',
      }),
    ).toBe('stale');
  });

  it('a failed attempt is retried after its backoff, then failed; a later switch to free queues it again', async () => {
    const { user, done } = await sellerWithImages('pro', 1);
    await endOnFree(user.id);
    let now = Date.now();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [job] = await claimFor(user.id, new Date(now).toISOString());
      expect(job).toMatchObject({ image_id: done[0], attempt });
      const r = await finishAt(new Date(now + 1000).toISOString(), {
        image_id: done[0],
        attempt,
        error: 'reading generated: Object not found',
        retry_seconds: 30,
      });
      expect(r).toBe(attempt < 3 ? 'retrying' : 'failed');
      expect(await claimFor(user.id, new Date(now + 10_000).toISOString())).toEqual([]);
      now += 31_000;
    }
    expect(await claimFor(user.id, new Date(now + 3600_000).toISOString())).toEqual([]);
    const {
      rows: [row],
    } = await db.query(
      'select failed_at is not null as failed, last_error from private.watermark_backfill where image_id = $1',
      [done[0]],
    );
    expect(row).toEqual({ failed: true, last_error: 'reading generated: Object not found' });

    // upgraded, then free again: queued afresh
    await sqlSetPlan(db, user.id, 'lite');
    await endOnFree(user.id);
    const [again] = await claimFor(user.id);
    expect(again).toMatchObject({ image_id: done[0], attempt: 1 });
  });

  it('Stripe ending the subscription (customer.subscription.deleted) queues the copies too', async () => {
    const { user, done } = await sellerWithImages('advanced', 1);
    const subId = `sub_test_${randomUUID().slice(0, 8)}`;
    await rpcAs(db, 'service', 'activate_plan', {
      user_id: user.id,
      plan: 'advanced',
      period_start: new Date(Date.now() - 86400_000).toISOString(),
      period_end: new Date(Date.now() + 29 * 86400_000).toISOString(),
      stripe_customer_id: `cus_test_${randomUUID().slice(0, 8)}`,
      stripe_subscription_id: subId,
    });
    expect(await queued(user.id)).toEqual([]);
    const out = await rpcAs(db, 'service', 'apply_payment_event', {
      event_id: `evt_${randomUUID()}`,
      event_type: 'customer.subscription.deleted',
      action: {
        kind: 'sync_subscription',
        user_id: user.id,
        subscription_id: subId,
        status: 'canceled',
        cancel_at_period_end: false,
        plan: 'advanced',
        deleted: true,
        ended_at: new Date().toISOString(),
      },
    });
    expect(out).toMatchObject({ applied: true, ended: true });
    const [sub] = await sqlAs(db, 'service', 'select plan from public.subscriptions where user_id = $1', [
      user.id,
    ]);
    expect(sub.plan).toBe('free');
    // queued in one statement: one created_at for all, so compared as sets
    expect((await queued(user.id)).sort()).toEqual([...done].sort());
  });

  it('paid to paid (a downgrade to Lite) and free to paid queue nothing', async () => {
    const { user } = await sellerWithImages('pro', 1);
    await rpcAs(db, 'service', 'activate_plan', {
      user_id: user.id,
      plan: 'lite',
      period_start: new Date(Date.now() + 1000).toISOString(),
      period_end: new Date(Date.now() + 30 * 86400_000).toISOString(),
    });
    expect(await queued(user.id)).toEqual([]);
    const fresh = await sqlUser(db);
    await sqlSetPlan(db, fresh.id, 'advanced');
    expect(await queued(fresh.id)).toEqual([]);
  });

  it('the queue is the server’s: sellers can neither read it nor call its functions', async () => {
    const { user } = await sellerWithImages('pro', 1);
    await endOnFree(user.id);
    const denied = await sqlError(
      sqlAs(db, { user: user.id }, 'select public.claim_watermark_work($1)', [randomUUID()]),
    );
    expect(denied.code).toBe('42501');
    const finish = await sqlError(
      sqlAs(db, { user: user.id }, 'select public.finish_watermark_work($1::uuid, 1, $2)', [
        randomUUID(),
        'x.png',
      ]),
    );
    expect(finish.code).toBe('42501');
    const hidden = await sqlError(sqlAs(db, { user: user.id }, 'select * from private.watermark_backfill'));
    expect(hidden.code).toBe('42501');
  });
});

// complete_fix (supabase/migrations/20261123001000_fix_results.sql): the fix workflow moves a
// fix to processing, completed with its stored result (clean and watermarked, in the project's
// folder) or rejected with a note (a paid fix gets its credit back, once); only the service
// role may; a finished fix stays finished; deleting a fix queues its result files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  openDomainDb,
  rpcAs,
  selection,
  sqlAs,
  sqlBalance,
  sqlError,
  sqlSetCredits,
  sqlSetPlan,
  sqlUpload,
  sqlUser,
  writeAs,
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb();
});
afterAll(async () => {
  await db?.close();
});

async function fixOnCompletedProject(plan = 'free', credits = 3) {
  const u = await sqlUser(db);
  if (plan !== 'free') await sqlSetPlan(db, u.id, plan);
  await sqlSetCredits(db, u.id, credits + 1);
  const p = await rpcAs(db, { user: u.id }, 'start_generation', selection(await sqlUpload(db, u.id)));
  await rpcAs(db, 'service', 'report_image_outcome', {
    image_id: p.images[0].id,
    status: 'completed',
    generated_path: 'x.png',
  });
  const r = await rpcAs(db, { user: u.id }, 'request_project_fix', {
    project_id: p.id,
    description: 'Sleeve is too long',
  });
  return { userId: u.id, projectId: p.id as string, fixId: r.fix.id as string };
}

/** Stored objects, as the workflow's uploads would leave them. */
async function stored(bucket: string, name: string) {
  await db.query(`insert into storage.objects (bucket_id, name) values ($1, $2)`, [bucket, name]);
}

describe('complete_fix', () => {
  it('completes a fix with its result and the owner reads it', async () => {
    const { userId, projectId, fixId } = await fixOnCompletedProject('pro');
    const name = `${userId}/${projectId}/fix-${fixId}.png`;
    await stored('generated', name);
    await stored('watermarked', name);
    const processing = await rpcAs(db, 'service', 'complete_fix', { fix_id: fixId, status: 'processing' });
    expect(processing).toMatchObject({ status: 'processing', result_path: null });
    const done = await rpcAs(db, 'service', 'complete_fix', {
      fix_id: fixId,
      status: 'completed',
      result_path: name,
      watermarked_path: name,
    });
    expect(done).toMatchObject({ status: 'completed', result_path: name, result_watermarked_path: name });
    expect(done.completed_at).toBeTruthy();
    const [row] = await sqlAs(
      db,
      { user: userId },
      `select status, result_path, result_watermarked_path from public.fixes where id = $1`,
      [fixId],
    );
    expect(row).toEqual({ status: 'completed', result_path: name, result_watermarked_path: name });
  });

  it('refuses a result that is missing, not stored, or outside the fix’s project folder', async () => {
    const { userId, projectId, fixId } = await fixOnCompletedProject('pro');
    const other = await fixOnCompletedProject('pro');
    const mine = `${userId}/${projectId}/fix-${fixId}.png`;
    const theirs = `${other.userId}/${other.projectId}/fix-${other.fixId}.png`;
    for (const n of [mine, theirs]) {
      await stored('generated', n);
      await stored('watermarked', n);
    }
    const call = (result_path: string | null, watermarked_path: string | null) =>
      sqlError(
        rpcAs(db, 'service', 'complete_fix', {
          fix_id: fixId,
          status: 'completed',
          result_path,
          watermarked_path,
        }),
      );
    expect(await call(null, null)).toMatchObject({ hint: 'fix_result_required' });
    expect(await call(mine, null)).toMatchObject({ hint: 'fix_result_required' });
    expect(await call(`${userId}/${projectId}/nothing.png`, mine)).toMatchObject({
      hint: 'fix_result_invalid',
    });
    expect(await call(theirs, theirs)).toMatchObject({ hint: 'fix_result_invalid' });
    expect(await call(`${userId}/${projectId}/../x/fix.png`, mine)).toMatchObject({
      hint: 'fix_result_invalid',
    });
    expect(
      await sqlError(rpcAs(db, 'service', 'complete_fix', { fix_id: fixId, status: 'pending' })),
    ).toMatchObject({ hint: 'fix_status_invalid' });
    expect(
      await sqlError(
        rpcAs(db, 'service', 'complete_fix', {
          fix_id: '00000000-0000-4000-8000-000000000000',
          status: 'processing',
        }),
      ),
    ).toMatchObject({ hint: 'fix_not_found', message: 'Fix request not found' });
  });

  it('is the service role’s: a seller cannot finish their own fix, nor write its columns', async () => {
    const { userId, projectId, fixId } = await fixOnCompletedProject('pro');
    const name = `${userId}/${projectId}/fix-${fixId}.png`;
    await stored('generated', name);
    await stored('watermarked', name);
    for (const who of [{ user: userId }, 'anon'] as const) {
      const err = await sqlError(
        rpcAs(db, who, 'complete_fix', {
          fix_id: fixId,
          status: 'completed',
          result_path: name,
          watermarked_path: name,
        }),
      );
      expect(err.code).toBe('42501');
    }
    expect(
      await sqlError(
        writeAs(
          db,
          { user: userId },
          `update public.fixes set status = 'completed', result_path = $2 where id = $1`,
          [fixId, name],
        ),
      ),
    ).toMatchObject({ code: '42501' });
  });

  it('rejects with a note; a paid fix gets its credit back once, a free one stays used', async () => {
    const paid = await fixOnCompletedProject('free', 3);
    const before = (await sqlBalance(db, paid.userId)).remaining;
    const rejected = await rpcAs(db, 'service', 'complete_fix', {
      fix_id: paid.fixId,
      status: 'rejected',
      note: '  The belt is part of the dress ',
    });
    expect(rejected).toMatchObject({ status: 'rejected', result_note: 'The belt is part of the dress' });
    expect(Number((await sqlBalance(db, paid.userId)).remaining)).toBe(Number(before) + 1);
    // finished is final: no second refund, no completion
    expect(
      await sqlError(rpcAs(db, 'service', 'complete_fix', { fix_id: paid.fixId, status: 'rejected' })),
    ).toMatchObject({ hint: 'fix_finished' });
    expect(Number((await sqlBalance(db, paid.userId)).remaining)).toBe(Number(before) + 1);

    const free = await fixOnCompletedProject('lite', 3);
    const freeBefore = (await sqlBalance(db, free.userId)).remaining;
    await rpcAs(db, 'service', 'complete_fix', { fix_id: free.fixId, status: 'rejected' });
    expect((await sqlBalance(db, free.userId)).remaining).toEqual(freeBefore);
    const [eligibility] = await sqlAs(
      db,
      { user: free.userId },
      `select public.can_request_project_fix($1) as e`,
      [free.projectId],
    );
    expect(eligibility.e).toMatchObject({ can_request: true, free_fixes_remaining: 0 });
  });

  it('deleting a fix queues its drawing and its result for removal', async () => {
    const { userId, projectId, fixId } = await fixOnCompletedProject('pro');
    const name = `${userId}/${projectId}/fix-${fixId}.png`;
    await stored('generated', name);
    await stored('watermarked', name);
    await rpcAs(db, 'service', 'complete_fix', {
      fix_id: fixId,
      status: 'completed',
      result_path: name,
      watermarked_path: name,
    });
    expect(await writeAs(db, { user: userId }, `delete from public.fixes where id = $1`, [fixId])).toBe(1);
    const queued = await db.query<{ bucket: string; name: string }>(
      `select bucket, name from private.storage_cleanup where name = $1 order by bucket`,
      [name],
    );
    expect(queued.rows).toEqual([
      { bucket: 'generated', name },
      { bucket: 'watermarked', name },
    ]);
  });
});

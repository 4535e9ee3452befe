// can_request_project_fix on another seller's project answers exactly as for a project that
// does not exist: nothing of the other project (its free fixes used, its status) shows.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  openDomainDb,
  rpcAs,
  selection,
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

async function sellerWithCompletedProject(plan: string) {
  const u = await sqlUser(db);
  await sqlSetPlan(db, u.id, plan);
  await sqlSetCredits(db, u.id, 4);
  const p = await rpcAs(db, { user: u.id }, 'start_generation', selection(await sqlUpload(db, u.id)));
  await rpcAs(db, 'service', 'report_image_outcome', {
    image_id: p.images[0].id,
    status: 'completed',
    generated_path: 'x.png',
  });
  return { me: { user: u.id }, project: p };
}

describe("can_request_project_fix on someone else's project", () => {
  it('answers as for a missing project, whatever the other project holds', async () => {
    // the owner has used their plan's free fix and has another one pending
    const owner = await sellerWithCompletedProject('lite');
    await rpcAs(db, owner.me, 'request_project_fix', {
      project_id: owner.project.id,
      description: 'Hem is uneven',
    });
    expect(
      await rpcAs(db, owner.me, 'can_request_project_fix', { project_id: owner.project.id }),
    ).toMatchObject({
      reason_code: 'fix_pending',
      free_fixes_remaining: 0,
      will_use_credits: true,
    });

    for (const plan of ['free', 'lite', 'pro']) {
      const other = await sellerWithCompletedProject(plan);
      const missing = await rpcAs(db, other.me, 'can_request_project_fix', { project_id: randomUUID() });
      const foreign = await rpcAs(db, other.me, 'can_request_project_fix', { project_id: owner.project.id });
      expect(missing).toMatchObject({
        can_request: false,
        reason: 'Project not found',
        reason_code: 'project_not_found',
      });
      expect(foreign, plan).toEqual(missing);
    }
  });

  it('still counts the free fixes used on the caller’s own project', async () => {
    const mine = await sellerWithCompletedProject('pro');
    const first = await rpcAs(db, mine.me, 'request_project_fix', {
      project_id: mine.project.id,
      description: 'Collar',
    });
    await writeAs(db, 'service', `update public.fixes set status = 'completed' where id = $1`, [
      first.fix.id,
    ]);
    expect(
      await rpcAs(db, mine.me, 'can_request_project_fix', { project_id: mine.project.id }),
    ).toMatchObject({
      can_request: true,
      free_fixes_remaining: 1,
      will_use_credits: false,
    });
  });
});

// A custom video style's description is at most 500 characters on the server too
// (20261123002200): request_project_video refuses a longer one before charging, and the
// column's check constraint refuses one written any other way.
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
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb();
});
afterAll(async () => {
  await db?.close();
});

/** An Advanced seller with a completed project and 10 credits left. */
async function advancedProject() {
  const u = await sqlUser(db);
  await sqlSetPlan(db, u.id, 'advanced', 11);
  const product = await sqlUpload(db, u.id);
  const p = await rpcAs(db, { user: u.id }, 'start_generation', selection(product));
  await rpcAs(db, 'service', 'report_image_outcome', {
    image_id: p.images[0].id,
    status: 'completed',
    generated_path: `${u.id}/${p.id}/${p.images[0].id}.png`,
  });
  return { user: u, projectId: p.id as string };
}

describe('the custom video style description', () => {
  it('over 500 characters is refused with its own code, and nothing is charged or queued', async () => {
    const { user, projectId } = await advancedProject();
    const err = await sqlError(
      rpcAs(db, { user: user.id }, 'request_project_video', {
        project_id: projectId,
        video_style: 'custom',
        custom_description: 'a'.repeat(501),
      }),
    );
    expect(err).toMatchObject({
      code: 'P0001',
      hint: 'custom_video_style_too_long',
      message: 'The custom video style can be at most 500 characters',
    });
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 10, ledgerSum: 10 });
    const [row] = await sqlAs(db, 'service', 'select video_status from public.projects where id = $1', [
      projectId,
    ]);
    expect(row.video_status).toBeNull();
  });

  it('of exactly 500 characters (after trimming, Greek letters counted as one) is accepted', async () => {
    const { user, projectId } = await advancedProject();
    const text = 'α'.repeat(500);
    const p = await rpcAs(db, { user: user.id }, 'request_project_video', {
      project_id: projectId,
      video_style: 'custom',
      custom_description: `   ${text}  `,
    });
    expect(p).toMatchObject({ video_status: 'pending', video_custom_description: text });
    expect((await sqlBalance(db, user.id)).remaining).toBe(7);
  });

  it('cannot be stored longer by any other path (the column’s constraint)', async () => {
    const { projectId } = await advancedProject();
    const err = await sqlError(
      sqlAs(db, 'service', 'update public.projects set video_custom_description = $2 where id = $1', [
        projectId,
        'b'.repeat(501),
      ]),
    );
    expect(err.code).toBe('23514');
  });
});

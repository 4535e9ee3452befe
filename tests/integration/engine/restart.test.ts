// Stopping the stack mid-generation and starting it again on the same database and data
// folder: every job finishes or is refunded — never lost, never charged twice.
//   1. the provider (the local renderer, slowed down) is working when the stack stops; the
//      new stack's dispatcher polls the jobs (their webhooks went to the old address); work
//      the restored renderer cannot do (inputs signed for the old address) fails as an
//      ImageLoadError and is submitted again; the project finishes
//   2. the stack stops while dispatch waits for a (fake, slow) FASHN to accept the work: the
//      stop lets that run record the job; FASHN loses it meanwhile (404), so the new
//      stack's dispatcher submits it again (a worker that dies outright before recording is
//      fake-fashn.test.ts's crashed-worker case: its lease runs out and the job is retaken)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import { openTestDatabase } from '../auth/own-stack.ts';
import { type FakeFashn, startFakeFashn } from './fake-fashn.ts';
import {
  balance,
  type EngineStack,
  imagesOf,
  projectOf,
  seller,
  startEngineStack,
  startGeneration,
  uploadProduct,
  waitFor,
} from './harness.ts';

let db: Database;
let drop: () => Promise<void>;
let dataDir: string;
let fake: FakeFashn;
const stacks: EngineStack[] = [];

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-engine-restart-'));
  fake = await startFakeFashn('fake-key');
});

afterAll(async () => {
  for (const st of stacks) await st.close().catch(() => {});
  await fake?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<EngineStack> {
  const st = await startEngineStack(env, { dispatcher: true, reuse: { db, dataDir } });
  stacks.push(st);
  return st;
}

const finished = (st: EngineStack, projectId: string) => async () => {
  const p = await projectOf(st, projectId);
  return ['completed', 'failed', 'rejected'].includes(p.status) ? p : null;
};

async function generationCharges(st: EngineStack, userId: string): Promise<number> {
  const rows = (await st.service().from('credit_ledger').select('reason').eq('user_id', userId)).data ?? [];
  return rows.filter((r: any) => r.reason === 'generation').length;
}

describe('kill the stack mid-generation', () => {
  it('while the provider renders: after the restart the job is polled, retried where needed, and finishes', async () => {
    const local = {
      GENERATION_PROVIDER: 'local',
      LOCAL_FASHN_STEP_DELAY_MS: '1500',
      DISPATCH_INTERVAL_MS: '300',
      GENERATION_POLL_SECONDS: '1',
      GENERATION_RETRY_BASE_SECONDS: '1',
    };
    const a = await start(local);
    const u = await seller(a, { plan: 'lite', credits: 3 });
    const project = await startGeneration(u, await uploadProduct(u), { background_id: 1, pose_ids: [1, 3] });
    await waitFor(
      'submitted to the provider',
      async () => (await imagesOf(a, project.id)).every((i) => i.provider_job_id),
      20_000,
      50,
    );
    await a.close(); // "killed": the renderer stops, its webhooks go nowhere

    const b = await start({ ...local, LOCAL_FASHN_STEP_DELAY_MS: '0' });
    const done = await waitFor('finished after the restart', finished(b, project.id), 60_000, 200);
    const images = await imagesOf(b, project.id);
    if (done.status === 'completed') {
      expect(images.every((i) => i.status === 'completed' && i.generated_path)).toBe(true);
      expect(await balance(b, u.id)).toMatchObject({ remaining: 1, refunds: 0 });
    } else {
      // the only other acceptable end: failed and every failed image refunded
      const failed = images.filter((i) => i.status !== 'completed').length;
      expect(await balance(b, u.id)).toMatchObject({ remaining: 1 + failed, refunds: failed });
    }
    expect(await generationCharges(b, u.id)).toBe(1);
    await b.close();
  }, 120_000);

  it('while dispatch waits for the provider to accept: the stop lets the run record it; work the provider lost is submitted again', async () => {
    fake.reset({ runDelayMs: 2000, statuses: ['processing'], webhook: false });
    const env = {
      GENERATION_PROVIDER: 'fashn',
      FASHN_API_URL: fake.url,
      FASHN_API_KEY: 'fake-key',
      GENERATION_RETRY_BASE_SECONDS: '0',
      DISPATCH_INTERVAL_MS: '300',
      GENERATION_POLL_SECONDS: '1',
    };
    const a = await start(env);
    const u = await seller(a, { plan: 'lite', credits: 2 });
    const project = await startGeneration(u, await uploadProduct(u), { background_id: 1 });
    await waitFor(
      'claimed',
      async () => (await imagesOf(a, project.id))[0].status === 'processing',
      20_000,
      20,
    );
    await a.close(); // waits for the run in progress: the provider's answer is recorded
    const recorded = (
      await db.query(`select status, attempts, provider_job_id from public.images where project_id = $1`, [
        project.id,
      ])
    ).rows[0];
    expect(recorded).toMatchObject({
      status: 'processing',
      attempts: 1,
      provider_job_id: expect.stringMatching(/^ref:/),
    });

    // while the stack was down the provider lost the prediction (it answers 404 for it)
    fake.forget();
    fake.reset({ statuses: ['completed'], webhook: true });
    const b = await start(env);
    const done = await waitFor('finished after the restart', finished(b, project.id), 60_000, 200);
    expect(done.status).toBe('completed');
    const [image] = await imagesOf(b, project.id);
    expect(image.attempts).toBe(2);
    expect(await balance(b, u.id)).toMatchObject({ remaining: 1, refunds: 0 });
    expect(await generationCharges(b, u.id)).toBe(1);
    await b.close();
  }, 120_000);
});

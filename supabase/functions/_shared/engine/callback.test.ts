// handleCallback alone: the signature, then one look at the job — handled, kept for its
// holder (202, no waiting), or refused — and the job let go of after a body it cannot use.
import { describe, expect, it } from 'vitest';
import { sampleImageJob } from '../providers/testing.ts';
import { CallbackMismatch, type Progress } from '../providers/types.ts';
import { handleCallback } from './callback.ts';
import { signCallbackUrl } from './callback-url.ts';
import { memoryStore, scriptedProvider, testContext } from './testing.ts';

const job = sampleImageJob({ provider_job_id: 'fashn:model:p1' });
const signed = async (secret = 'cb-secret') =>
  new URL(
    await signCallbackUrl(
      'https://ref.supabase.co/functions/v1/provider-callback',
      secret,
      { kind: 'image', id: job.image_id, attempt: 1 },
      Math.floor(Date.now() / 1000) + 60,
    ),
  );

describe('handleCallback', () => {
  it('no secret configured, or a bad signature: 400 without touching the store', async () => {
    const { store, calls } = memoryStore();
    const p = scriptedProvider().provider;
    expect(
      (await handleCallback(testContext(store, p, { callbackSecret: null }), await signed(), {})).status,
    ).toBe(400);
    expect((await handleCallback(testContext(store, p), await signed('other'), {})).status).toBe(400);
    expect(calls).toEqual([]);
  });

  it('kept (early or busy): 202 at once, the body given to the store, the provider not asked', async () => {
    for (const reason of ['early', 'busy'] as const) {
      const { store, calls } = memoryStore({ callback: [{ result: 'stored', reason }] });
      const p = scriptedProvider();
      const answer = await handleCallback(testContext(store, p.provider), await signed(), { id: 'p1' });
      expect(answer).toEqual({ status: 202, body: { status: 'accepted', reason } });
      expect(calls).toEqual([['beginCallback', 'image', job.image_id, 1, { id: 'p1' }, 60]]);
      expect(p.calls).toEqual([]);
    }
  });

  it('held: the body is read and acted on; 200 with what happened', async () => {
    const { store, calls } = memoryStore({ callback: [{ result: 'ok', job }] });
    const p = scriptedProvider({ parseCallback: async () => ({ state: 'running' }) as Progress });
    const answer = await handleCallback(testContext(store, p.provider), await signed(), { id: 'p1' });
    expect(answer).toMatchObject({ status: 200, body: { status: 'running', report: { running: 1 } } });
    expect(calls.at(-1)).toEqual(['recordProgress', 'image', job.image_id, 1, 'fashn:model:p1', 10, 60]);
  });

  it('a body about other work: 409, and the job is let go of at once (next poll now)', async () => {
    const { store, calls } = memoryStore({ callback: [{ result: 'ok', job }] });
    const p = scriptedProvider({
      parseCallback: async () => {
        throw new CallbackMismatch('callback for prediction p9 while the job waits for p1');
      },
    });
    const answer = await handleCallback(testContext(store, p.provider), await signed(), { id: 'p9' });
    expect(answer.status).toBe(409);
    expect(calls.at(-1)).toEqual(['recordProgress', 'image', job.image_id, 1, 'fashn:model:p1', 0, 60]);
  });

  it('letting go hands back a callback kept meanwhile, which is acted on', async () => {
    const { store, calls } = memoryStore({
      callback: [{ result: 'ok', job }],
      recordProgress: [{ recorded: true, callback: { body: { status: 'rejected' } } }],
    });
    let n = 0;
    const p = scriptedProvider({
      parseCallback: async () =>
        n++ === 0
          ? ({ state: 'running' } as Progress)
          : { state: 'failed', failure: { kind: 'rejected', code: 'Rejected', message: 'prohibited' } },
    });
    const answer = await handleCallback(testContext(store, p.provider), await signed(), {});
    expect(answer.status).toBe(200);
    expect(calls.map((c) => c[0])).toEqual(['beginCallback', 'recordProgress', 'finish']);
    expect(calls.at(-1)?.[4]).toBe('rejected');
  });
});

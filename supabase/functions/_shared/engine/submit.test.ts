// submitJob and submitToProvider alone: the provider call that fits the job, the handle
// recorded, and what is known at once acted on in the same step — an answer that came with
// the submission, or a callback that came before the handle was recorded (FASHN's webhook and
// the workflow's result alike), with no waiting anywhere.
import { describe, expect, it } from 'vitest';
import { sampleImageJob } from '../providers/testing.ts';
import { CallbackMismatch, type Progress, type Submitted } from '../providers/types.ts';
import { createWebhookProvider } from '../providers/webhook.ts';
import { newReport } from './report.ts';
import { submitJob, submitToProvider } from './submit.ts';
import { memoryStore, scriptedProvider, testConfig, testContext } from './testing.ts';

describe('submitToProvider', () => {
  it('gives the provider signed inputs and the signed callback URL, flat-lay to submitFlatLay', async () => {
    const seen: string[] = [];
    const { provider } = scriptedProvider();
    provider.submitFlatLay = async (_job, inputs) => {
      seen.push(`flat-lay ${inputs.productUrl} ${inputs.callbackUrl}`);
      return { handle: 'h' };
    };
    const { store } = memoryStore();
    const job = sampleImageJob({ project_type: 'flat-lay' });
    expect(await submitToProvider(testContext(store, provider), job)).toEqual({ handle: 'h' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain(`https://store.test/sign/uploads/${job.product_path}`);
    expect(seen[0]).toContain('/functions/v1/provider-callback?k=image&id=');
  });

  it('a mannequin photo goes to submitFlatLay too: a garment with no person in it, worn by the chosen model', async () => {
    const seen: string[] = [];
    const { provider } = scriptedProvider();
    provider.submitOnModel = async () => {
      seen.push('on-model');
      return { handle: 'on' };
    };
    provider.submitFlatLay = async (job) => {
      seen.push(`flat ${job.project_type}`);
      return { handle: 'flat' };
    };
    const job = sampleImageJob({ project_type: 'mannequin', garment_type: 'top' });
    expect(await submitToProvider(testContext(memoryStore().store, provider), job)).toEqual({
      handle: 'flat',
    });
    expect(seen).toEqual(['flat mannequin']);
  });
});

describe('submitJob', () => {
  it('records the handle (deadline, poll interval, hold) and counts the submission', async () => {
    const job = sampleImageJob();
    const { store, calls } = memoryStore();
    const report = newReport(testConfig);
    await submitJob(testContext(store, scriptedProvider().provider), job, report);
    expect(calls).toEqual([['recordJob', 'image', job.image_id, 1, 'fashn:model:p1', 600, 10, 60]]);
    expect(report).toMatchObject({ submitted: 1, completed: 0, stale: 0 });
  });

  it('a job that moved on meanwhile is stale: nothing else is done', async () => {
    const { store, calls } = memoryStore({ recordJob: [{ recorded: false }] });
    const report = newReport(testConfig);
    const p = scriptedProvider({
      submit: async () => ({ handle: 'h', progress: { state: 'completed', outputs: ['x'] } }),
    });
    await submitJob(testContext(store, p.provider), sampleImageJob(), report);
    expect(calls.map((c) => c[0])).toEqual(['recordJob']);
    expect(report).toMatchObject({ submitted: 0, stale: 1 });
  });

  it('FASHN: a webhook that came before the handle was recorded is read (from FASHN) and finishes the job now', async () => {
    const job = sampleImageJob({ watermark: false });
    const { store, calls } = memoryStore({
      recordJob: [{ recorded: true, callback: { body: { id: 'p1' } } }],
    });
    const p = scriptedProvider({
      parseCallback: async (handle, body) => {
        expect([handle, body]).toEqual(['fashn:model:p1', { id: 'p1' }]);
        return { state: 'completed', outputs: ['https://cdn/out.png'] } as Progress;
      },
    });
    const report = newReport(testConfig);
    await submitJob(testContext(store, p.provider, { bytes: PNG_1x1 }), job, report);
    expect(p.calls.map((c) => c[0])).toEqual(['submit', 'parseCallback']);
    expect(calls.map((c) => c[0])).toEqual(['recordJob', 'finish']);
    expect(calls[1].slice(0, 5)).toEqual(['finish', 'image', job.image_id, 1, 'completed']);
    expect(report).toMatchObject({ submitted: 1, completed: 1 });
  });

  it('the workflow: its result posted before the POST was answered is not lost — the job completes', async () => {
    const job = sampleImageJob({ watermark: false });
    const workflow = createWebhookProvider({
      onModelUrl: 'https://workflow.test/on-model',
      flatLayUrl: null,
      videoUrl: null,
      backgroundRemovalUrl: null,
      fetch: async () => Response.json({ received: true }),
    });
    const early = { status: 'completed', imageUrl: 'https://workflow.test/result.png' };
    const { store, calls } = memoryStore({ recordJob: [{ recorded: true, callback: { body: early } }] });
    const report = newReport(testConfig);
    await submitJob(testContext(store, workflow, { bytes: PNG_1x1 }), job, report);
    expect(calls[0]).toEqual([
      'recordJob',
      'image',
      job.image_id,
      1,
      `webhook:image:${job.image_id}:1`,
      600,
      10,
      60,
    ]);
    expect(calls[1].slice(0, 5)).toEqual(['finish', 'image', job.image_id, 1, 'completed']);
    expect(report).toMatchObject({ submitted: 1, completed: 1 });
  });

  it('a kept callback that is still running lets go of the job; one about other work is ignored', async () => {
    for (const parse of [
      async (): Promise<Progress> => ({ state: 'running' }),
      async (): Promise<Progress> => {
        throw new CallbackMismatch('callback for prediction p9 while the job waits for p1');
      },
    ]) {
      const job = sampleImageJob();
      const { store, calls } = memoryStore({
        recordJob: [{ recorded: true, callback: { body: { id: 'p9' } } }],
      });
      const report = newReport(testConfig);
      await submitJob(testContext(store, scriptedProvider({ parseCallback: parse }).provider), job, report);
      expect(calls[1]).toEqual(['recordProgress', 'image', job.image_id, 1, 'fashn:model:p1', 10, 60]);
      expect(report).toMatchObject({ submitted: 1, running: 1 });
    }
  });

  it('an answer that came with the submission wins over a kept callback', async () => {
    const job = sampleImageJob();
    const failed: Submitted = {
      handle: 'webhook:image:x:1',
      progress: { state: 'failed', failure: { kind: 'permanent', code: 'WorkflowFailed', message: 'no' } },
    };
    const { store, calls } = memoryStore({
      recordJob: [{ recorded: true, callback: { body: { status: 'completed' } } }],
    });
    const p = scriptedProvider({ submit: async () => failed });
    await submitJob(testContext(store, p.provider), job, newReport(testConfig));
    expect(p.calls.map((c) => c[0])).toEqual(['submit']);
    expect(calls[1]).toEqual(['finish', 'image', job.image_id, 1, 'failed', { error: 'WorkflowFailed: no' }]);
  });
});

// a 1×1 PNG (what a provider's output download answers here)
const PNG_1x1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC'),
  (c) => c.charCodeAt(0),
);

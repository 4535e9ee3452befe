// The generation engine: one dispatch run claims due work, hands new jobs to the provider
// (which answers at once with a handle), polls jobs that wait at the provider, and finishes
// jobs whose outcome is known — copying the result into Drape's storage straight away
// (provider URLs expire) with a watermarked copy for plans that have one. A callback runs
// the same "outcome known" step for one job. Nothing here waits: not for a render, and not
// for another request (a callback nobody can act on yet is kept for whoever holds the job).
//
// Each step is a named function of an EngineContext, in a file of its own:
//   dispatch.ts  dispatchRun: claim, then the steps below a few at a time
//   submit.ts    submitJob: inputs → provider → record the handle (+ what is known already)
//   poll.ts      pollJob: read where the work stands (provider, or a kept callback)
//   callback.ts  handleCallback: verify, begin (or keep), read the body, act
//   outcome.ts   actOnProgress / completeJob / failJob: what each outcome does
//   inputs.ts    the URLs a provider is given
//   watermark-copies.ts  copyWatermark: a watermarked copy of an older image
import type { CallbackAnswer } from './callback.ts';
import { handleCallback } from './callback.ts';
import { type EngineDeps, engineContext } from './context.ts';
import { dispatchRun } from './dispatch.ts';
import type { DispatchReport } from './report.ts';

export type { CallbackAnswer } from './callback.ts';
export type { EngineDeps } from './context.ts';
export type { DispatchReport } from './report.ts';

export interface Engine {
  /** One dispatch run for `worker`. */
  dispatch(worker: string): Promise<DispatchReport>;
  /** A provider's callback: `url` carries the signature, `body` what the provider posted. */
  callback(url: URL, body: unknown): Promise<CallbackAnswer>;
}

export function createEngine(deps: EngineDeps): Engine {
  const ctx = engineContext(deps);
  return {
    dispatch: (worker) => dispatchRun(ctx, worker),
    callback: (url, body) => handleCallback(ctx, url, body),
  };
}

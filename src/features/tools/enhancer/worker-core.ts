// The enhancer worker's logic, apart from the browser: it takes requests, loads the model for
// the factor once, runs the tiles with progress, stops on cancel and answers every request
// exactly once (done, failed or cancelled). enhance-worker.ts gives it the real decoder,
// encoder and model; the unit tests give it fakes.
import type { EnhanceProblem, EnhanceReply, EnhanceRequest } from './protocol.ts';
import type { EnhanceFactor } from './rules.ts';
import { EnhanceTooLargeError, type Rgba, type TileModel, enhanceTiled } from './tiling.ts';

export interface LoadedModel {
  run: TileModel;
  backend: string;
}

export interface EnhancerDeps {
  decode: (photo: Blob) => Promise<Rgba>;
  encode: (image: Rgba) => Promise<Blob>;
  loadModel: (factor: EnhanceFactor) => Promise<LoadedModel>;
  post: (reply: EnhanceReply) => void;
  now?: () => number;
  tile?: number;
}

/** Marks an error as one with a problem of its own (thrown by decode, loadModel, the model). */
export class EnhancerError extends Error {
  constructor(
    readonly problem: EnhanceProblem,
    detail?: string,
  ) {
    super(detail ?? problem);
  }
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function problemOf(err: unknown): EnhanceProblem {
  if (err instanceof EnhancerError) return err.problem;
  if (err instanceof EnhanceTooLargeError) return 'too-large';
  if (err instanceof RangeError) return 'out-of-memory';
  const text = err instanceof Error ? err.message : String(err);
  return /memory|texture size|allocat/i.test(text) ? 'out-of-memory' : 'failed';
}

export function createEnhancer(deps: EnhancerDeps) {
  const now = deps.now ?? (() => performance.now());
  const models = new Map<EnhanceFactor, Promise<LoadedModel>>();
  let running: { id: number; controller: AbortController } | null = null;

  const model = (factor: EnhanceFactor) => {
    let loading = models.get(factor);
    if (!loading) {
      loading = deps.loadModel(factor);
      models.set(factor, loading);
      // a failed load is tried again next time (the seller may be back online)
      loading.catch(() => models.delete(factor));
    }
    return loading;
  };

  async function enhance(id: number, photo: Blob, factor: EnhanceFactor) {
    running?.controller.abort();
    const controller = new AbortController();
    running = { id, controller };
    const { signal } = controller;
    const started = now();
    try {
      deps.post({ type: 'stage', id, stage: 'loading-model' });
      const [loaded, image] = await Promise.all([model(factor), deps.decode(photo)]);
      signal.throwIfAborted();
      deps.post({ type: 'stage', id, stage: 'enhancing' });
      const result = await enhanceTiled(image, loaded.run, {
        factor,
        tile: deps.tile,
        signal,
        between: macrotask,
        onProgress: (done, total) => deps.post({ type: 'progress', id, done, total }),
      });
      deps.post({ type: 'stage', id, stage: 'saving' });
      const blob = await deps.encode(result);
      signal.throwIfAborted();
      deps.post({
        type: 'done',
        id,
        blob,
        width: result.width,
        height: result.height,
        backend: loaded.backend,
        ms: Math.round(now() - started),
      });
    } catch (err) {
      if (signal.aborted) deps.post({ type: 'cancelled', id });
      else
        deps.post({
          type: 'failed',
          id,
          problem: problemOf(err),
          detail: err instanceof Error ? err.message : String(err),
        });
    } finally {
      if (running?.id === id) running = null;
    }
  }

  return (request: EnhanceRequest) => {
    if (request.type === 'cancel') {
      if (running?.id === request.id) running.controller.abort();
      return;
    }
    void enhance(request.id, request.photo, request.factor);
  };
}

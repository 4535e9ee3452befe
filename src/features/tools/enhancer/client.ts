// The page's side of the enhancer: one worker, started on the first photo and kept while the
// page is open (the model stays loaded for the next photo), ended when the page closes.
import type { EnhanceProblem, EnhanceReply, EnhanceRequest, EnhanceStage } from './protocol.ts';
import type { EnhanceFactor } from './rules.ts';

export interface EnhancedPhoto {
  blob: Blob;
  width: number;
  height: number;
  backend: string;
  ms: number;
}

export class EnhanceFailed extends Error {
  constructor(readonly problem: EnhanceProblem) {
    super(problem);
  }
}

export interface EnhanceCallbacks {
  onStage?: (stage: EnhanceStage) => void;
  onProgress?: (done: number, total: number) => void;
}

type Waiting = EnhanceCallbacks & {
  resolve: (photo: EnhancedPhoto) => void;
  reject: (err: Error) => void;
};

export function createEnhancerClient(create: () => Worker) {
  let worker: Worker | null = null;
  let seq = 0;
  const waiting = new Map<number, Waiting>();

  const fail = (problem: EnhanceProblem) => {
    for (const w of waiting.values()) w.reject(new EnhanceFailed(problem));
    waiting.clear();
  };

  function instance(): Worker {
    if (worker) return worker;
    const w = create();
    w.onmessage = (e: MessageEvent<EnhanceReply>) => {
      const reply = e.data;
      const job = waiting.get(reply.id);
      if (!job) return;
      if (reply.type === 'stage') job.onStage?.(reply.stage);
      else if (reply.type === 'progress') job.onProgress?.(reply.done, reply.total);
      else {
        waiting.delete(reply.id);
        if (reply.type === 'done') {
          const { blob, width, height, backend, ms } = reply;
          job.resolve({ blob, width, height, backend, ms });
        } else if (reply.type === 'failed') job.reject(new EnhanceFailed(reply.problem));
        else job.reject(new DOMException('cancelled', 'AbortError'));
      }
    };
    w.onerror = () => {
      // a worker that died (out of memory on a phone): fail what it held, start afresh next time
      fail('out-of-memory');
      w.terminate();
      worker = null;
    };
    worker = w;
    return w;
  }

  return {
    enhance(photo: Blob, factor: EnhanceFactor, callbacks: EnhanceCallbacks & { signal?: AbortSignal } = {}) {
      const id = ++seq;
      const w = instance();
      return new Promise<EnhancedPhoto>((resolve, reject) => {
        waiting.set(id, { ...callbacks, resolve, reject });
        callbacks.signal?.addEventListener(
          'abort',
          () => w.postMessage({ type: 'cancel', id } satisfies EnhanceRequest),
          {
            once: true,
          },
        );
        w.postMessage({ type: 'enhance', id, photo, factor } satisfies EnhanceRequest);
      });
    },
    close() {
      worker?.terminate();
      worker = null;
      for (const w of waiting.values()) w.reject(new DOMException('closed', 'AbortError'));
      waiting.clear();
    },
  };
}

/** The app's enhancer worker (the bundler makes it a file of its own, loaded on first use). */
export const enhancerWorker = () =>
  new Worker(new URL('./enhance-worker.ts', import.meta.url), { type: 'module', name: 'enhancer' });

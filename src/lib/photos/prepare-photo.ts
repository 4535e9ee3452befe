// The page's side of photo preparation: picks the worker (HEIC or not, from the file's
// first bytes), sends the file, and answers with the prepared photo or a PrepareError.
import { BYTE_BUDGET } from './limits.ts';
import { PrepareError, type PreparedPhoto, type PrepareResponse } from './prepare-core.ts';
import { sniffKind } from './sniff.ts';

type Pending = { resolve: (p: PreparedPhoto) => void; reject: (e: Error) => void };

class PhotoWorker {
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  constructor(private readonly create: () => Worker) {}

  private get instance(): Worker {
    if (!this.worker) {
      const worker = this.create();
      worker.onmessage = (event: MessageEvent<PrepareResponse>) => {
        const reply = event.data;
        const waiting = this.pending.get(reply.id);
        if (!waiting) return;
        this.pending.delete(reply.id);
        if (reply.ok) waiting.resolve(reply.photo);
        else
          waiting.reject(
            new PrepareError(
              reply.problem,
              reply.width && reply.height ? { width: reply.width, height: reply.height } : undefined,
            ),
          );
      };
      worker.onerror = () => {
        // a crashed worker (out of memory on a huge photo): fail what it held, start afresh next time
        for (const p of this.pending.values()) p.reject(new PrepareError('unreadable'));
        this.pending.clear();
        worker.terminate();
        this.worker = null;
      };
      this.worker = worker;
    }
    return this.worker;
  }

  prepare(file: Blob, name: string, id: number, byteBudget: number): Promise<PreparedPhoto> {
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.instance.postMessage({ id, file, name, byteBudget });
    });
  }
}

const plain = new PhotoWorker(
  () => new Worker(new URL('./image-worker.ts', import.meta.url), { type: 'module' }),
);
const heic = new PhotoWorker(
  () => new Worker(new URL('./heic-worker.ts', import.meta.url), { type: 'module' }),
);
let seq = 0;

/**
 * Prepares a chosen photo for upload (see prepare-core.ts); rejects with a PrepareError.
 * A product photo for a generation keeps to BYTE_BUDGET; a tool whose result is the photo
 * itself passes TOOL_BYTE_BUDGET.
 */
export async function preparePhoto(file: File, byteBudget = BYTE_BUDGET): Promise<PreparedPhoto> {
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  const worker = sniffKind(head) === 'heic' ? heic : plain;
  return worker.prepare(file, file.name, ++seq, byteBudget);
}

export { PrepareError, type PreparedPhoto };

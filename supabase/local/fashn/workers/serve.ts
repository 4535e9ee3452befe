// The worker side of pool.ts: answers each {id, request} with the handler's result (its
// `transfer` list moved, not copied) or the error it threw, serialized.
import { parentPort, workerData } from 'node:worker_threads';
import { serializeError } from './errors.ts';

export interface Handled<Res> {
  result: Res;
  /** ArrayBuffers in `result` to move to the main thread */
  transfer?: ArrayBuffer[];
}

/** The `data` the pool was created with. */
export function poolData<T>(): T {
  return (workerData as { data: T }).data;
}

export function serve<Req, Res>(handler: (request: Req) => Promise<Handled<Res>>): void {
  const port = parentPort;
  if (!port) throw new Error('serve() runs in a worker thread');
  port.on('message', async ({ id, request }: { id: number; request: Req }) => {
    try {
      const { result, transfer = [] } = await handler(request);
      port.postMessage({ id, ok: true, result }, transfer);
    } catch (err) {
      port.postMessage({ id, ok: false, error: serializeError(err) });
    }
  });
}

/**
 * The bytes in an ArrayBuffer of their own that can be transferred. sharp's output buffers
 * are external memory that V8 cannot detach (postMessage would silently copy them on both
 * sides), so they are copied once here, in the worker, and the copy is moved.
 */
export function transferable(bytes: Uint8Array, transfer: ArrayBuffer[]): Uint8Array {
  const own = new Uint8Array(new ArrayBuffer(bytes.byteLength));
  own.set(bytes);
  transfer.push(own.buffer);
  return own;
}

/** A Buffer over bytes that arrived from another thread (no copy). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

// The render worker thread's entry (started by workers/pool.ts through workers/bootstrap.mjs):
// runs models.ts render() for one prediction at a time, off the stack's main thread. Inputs
// are fetched or read from disk here too (the endpoint's own outputs and their saved subjects
// through a read-only OutputStore on the same folder), so the main thread only sends the
// request and saves what comes back. Result buffers are moved to the main thread, not copied.
import { render, type ModelName, type RenderEnv } from './models.ts';
import { OutputStore } from './outputs.ts';
import { poolData, serve, transferable } from './workers/serve.ts';
import type { RenderRequest, RenderReply, WorkerSettings } from './renderer.ts';

const settings = poolData<WorkerSettings>();
const store = new OutputStore({
  dir: settings.outputsDir,
  ttlSeconds: settings.ttlSeconds,
  // this store only reads; the main thread's store writes and keeps the budget
  budgetBytes: Number.POSITIVE_INFINITY,
  subjectCache: 4,
});
const env: RenderEnv = {
  selfUrl: settings.selfUrl,
  publicDir: settings.publicDir,
  store,
  readOutput: async (id, file) => (await store.read(id, file))?.bytes ?? null,
};

serve<RenderRequest, RenderReply>(async ({ id, model, inputs }) => {
  const out = await render(model as ModelName, inputs, env);
  const transfer: ArrayBuffer[] = [];
  const reply: RenderReply = {
    files: out.files.map((f) => ({ bytes: transferable(f.bytes, transfer), ext: f.ext })),
    details: out.details,
  };
  if (out.subject) {
    // kept here too (the copy is what moves): a background change of this result that comes
    // to this worker next composes without reading it back from disk
    store.remember(id, out.subject);
    reply.subject = {
      data: transferable(out.subject.data, transfer),
      width: out.subject.width,
      height: out.subject.height,
    };
  }
  return { result: reply, transfer };
});

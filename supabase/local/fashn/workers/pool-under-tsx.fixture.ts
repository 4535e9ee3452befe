// Run by pool.test.ts as its own process under `tsx` (as `npm start` runs the stack): a pool
// started there loads its TypeScript worker too. Prints the worker's reply as JSON.
import { threadId } from 'node:worker_threads';
import type { FixtureReply, FixtureRequest } from './pool-fixture.worker.ts';
import { WorkerPool } from './pool.ts';

const pool = new WorkerPool<FixtureRequest, FixtureReply>({
  entry: new URL('./pool-fixture.worker.ts', import.meta.url),
  size: 1,
  name: 'pool-under-tsx',
  data: 'from tsx',
  log: (m) => console.error(m),
});
const reply = await pool.run({ echo: 'under tsx' });
await pool.close();
console.log(JSON.stringify({ mainThread: threadId, ...reply }));
// nothing else: the process must end by itself once the pool is closed

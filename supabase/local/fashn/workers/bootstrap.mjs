// The first module of every render worker thread. A worker thread starts as plain Node: the
// tsx loader the stack runs under (`npx tsx`) is not inherited, and under vitest there is none
// at all. So this file (plain JavaScript) registers tsx's ESM loader in the thread, then imports
// the TypeScript entry named in workerData.entry, the same way the stack loads its own .ts.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);

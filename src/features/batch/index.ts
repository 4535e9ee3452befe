// The Batch Processor's light entry: its keys and reads, for other features and the routes.
export { batchKeys, batchQueryOptions, batchesQueryOptions, type Batch } from './api.ts';
export { MAX_BATCH_PHOTOS } from './model/batch-draft.ts';

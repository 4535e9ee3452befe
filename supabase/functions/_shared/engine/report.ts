// What one dispatch run (or one callback) did, counted by the steps as they go.
import type { EngineConfig } from './config.ts';

export interface DispatchReport {
  claimed: { images: number; videos: number; tools: number; polls: number; watermarks: number };
  submitted: number;
  completed: number;
  running: number;
  retried: number;
  failed: number;
  rejected: number;
  stale: number;
  /** watermarked copies made for images of a seller whose plan became a watermarked one */
  watermarked: number;
  errors: string[];
  ms: number;
  /** jobs claimed per kind at most (a kind that filled it may have more waiting) */
  batchSize: number;
  /** watermarked copies claimed at most (filled: more may be waiting) */
  watermarkBatchSize: number;
}

export function newReport(config: EngineConfig): DispatchReport {
  return {
    claimed: { images: 0, videos: 0, tools: 0, polls: 0, watermarks: 0 },
    submitted: 0,
    completed: 0,
    running: 0,
    retried: 0,
    failed: 0,
    rejected: 0,
    stale: 0,
    watermarked: 0,
    errors: [],
    ms: 0,
    batchSize: config.batchSize,
    watermarkBatchSize: config.watermarkBatchSize,
  };
}

// What the page and the enhancer's worker say to each other. One photo at a time: a new
// request replaces the one running, and a cancel stops it before its next tile.
import type { EnhanceFactor } from './rules.ts';

export type EnhanceRequest =
  | { type: 'enhance'; id: number; photo: Blob; factor: EnhanceFactor }
  | { type: 'cancel'; id: number };

export type EnhanceStage = 'loading-model' | 'enhancing' | 'saving';

/** Why a photo was not enhanced; each has words of its own on the page. */
export type EnhanceProblem =
  /** the model's files could not be loaded (offline before the tool was ever opened) */
  | 'model-unavailable'
  /** the browser has no OffscreenCanvas in workers, or no backend would start */
  | 'unsupported'
  /** the result would pass the 4096 px cap */
  | 'too-large'
  | 'unreadable'
  /** the device ran out of memory (a GPU texture or an array could not be made) */
  | 'out-of-memory'
  | 'failed';

export type EnhanceReply =
  | { type: 'stage'; id: number; stage: EnhanceStage }
  | { type: 'progress'; id: number; done: number; total: number }
  | {
      type: 'done';
      id: number;
      blob: Blob;
      width: number;
      height: number;
      /** where the model ran: 'webgl' (the GPU) or 'cpu' */
      backend: string;
      ms: number;
    }
  | { type: 'failed'; id: number; problem: EnhanceProblem; detail?: string }
  | { type: 'cancelled'; id: number };

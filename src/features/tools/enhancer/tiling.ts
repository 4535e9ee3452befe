// Enhancing a photo a tile at a time: a phone's GPU cannot hold a whole 2048 px photo's
// activations at once, and tiles let the worker report progress and stop between them.
//
// Seams: each tile is run with `margin` pixels of the photo around it (less at the photo's own
// edges) and only its core is kept. A super-resolution network's output pixel depends only on
// the input pixels within its receptive field; with the margin at least that radius, every kept
// pixel saw the same neighbours it would have seen in one whole-photo run, so tile borders
// leave no trace. The model's own zero padding then happens only at the photo's real edges.
import { MAX_ENHANCED_LONG_SIDE } from './rules.ts';

/** Pixels as the browser's ImageData holds them: RGBA, 8 bits each, row after row. */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** One tile as the model takes it: RGB floats in 0–255, row after row. */
export interface RgbTile {
  width: number;
  height: number;
  data: Float32Array;
}

/** Runs the model on one tile: answers width·factor × height·factor RGB values in 0–255. */
export type TileModel = (tile: RgbTile) => Promise<Float32Array>;

export interface TilePlan {
  /** the part of the result this tile makes, in input pixels */
  core: { x: number; y: number; width: number; height: number };
  /** the part of the photo the model reads: the core and its margin, within the photo */
  read: { x: number; y: number; width: number; height: number };
}

/**
 * The receptive-field radius of the shipped models, in input pixels: their 3×3 and 5×5
 * convolutions before the upsampling reach 9 px, the last 3×3 after it half a pixel more.
 */
export const MODEL_REACH = 10;
export const DEFAULT_TILE = 192;
export const DEFAULT_MARGIN = 12;

export function planTiles(width: number, height: number, tile = DEFAULT_TILE, margin = DEFAULT_MARGIN) {
  const plans: TilePlan[] = [];
  for (let y = 0; y < height; y += tile) {
    for (let x = 0; x < width; x += tile) {
      const core = { x, y, width: Math.min(tile, width - x), height: Math.min(tile, height - y) };
      const x0 = Math.max(0, x - margin);
      const y0 = Math.max(0, y - margin);
      const x1 = Math.min(width, x + core.width + margin);
      const y1 = Math.min(height, y + core.height + margin);
      plans.push({ core, read: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } });
    }
  }
  return plans;
}

export class EnhanceTooLargeError extends Error {
  constructor(readonly longSide: number) {
    super(`the result would be ${longSide} px on its long side, above ${MAX_ENHANCED_LONG_SIDE}`);
  }
}

export interface EnhanceOptions {
  factor: number;
  tile?: number;
  margin?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** lets messages (a cancel) in between tiles; the worker passes a macrotask turn */
  between?: () => Promise<void>;
}

function readTile(image: Rgba, r: TilePlan['read']): RgbTile {
  const out = new Float32Array(r.width * r.height * 3);
  for (let y = 0; y < r.height; y++) {
    let i = ((r.y + y) * image.width + r.x) * 4;
    let o = y * r.width * 3;
    for (let x = 0; x < r.width; x++, i += 4, o += 3) {
      out[o] = image.data[i];
      out[o + 1] = image.data[i + 1];
      out[o + 2] = image.data[i + 2];
    }
  }
  return { width: r.width, height: r.height, data: out };
}

/** Alpha enlarged bilinearly (the model sees colour only); opaque photos skip this. */
function enlargeAlpha(image: Rgba, factor: number, out: Uint8ClampedArray) {
  const w = image.width * factor;
  const h = image.height * factor;
  for (let y = 0; y < h; y++) {
    const sy = Math.min(image.height - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < w; x++) {
      const sx = Math.min(image.width - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const fx = sx - x0;
      const a = (xx: number, yy: number) => image.data[(yy * image.width + xx) * 4 + 3];
      const top = a(x0, y0) * (1 - fx) + a(x1, y0) * fx;
      const bottom = a(x0, y1) * (1 - fx) + a(x1, y1) * fx;
      out[(y * w + x) * 4 + 3] = top * (1 - fy) + bottom * fy;
    }
  }
}

const hasAlpha = (image: Rgba) => {
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i] !== 255) return true;
  return false;
};

/**
 * The photo enlarged by `factor` through the model, tile by tile. Rejects with an AbortError
 * once `signal` aborts (no further tile is run) and with EnhanceTooLargeError before any work
 * when the result would be above the cap.
 */
export async function enhanceTiled(image: Rgba, model: TileModel, options: EnhanceOptions): Promise<Rgba> {
  const { factor, signal, onProgress, between } = options;
  const longSide = Math.max(image.width, image.height) * factor;
  if (longSide > MAX_ENHANCED_LONG_SIDE) throw new EnhanceTooLargeError(longSide);
  const width = image.width * factor;
  const height = image.height * factor;
  const out = new Uint8ClampedArray(width * height * 4);
  const plans = planTiles(image.width, image.height, options.tile, options.margin);
  signal?.throwIfAborted();
  onProgress?.(0, plans.length);
  for (const [index, plan] of plans.entries()) {
    const { core, read } = plan;
    const result = await model(readTile(image, read));
    signal?.throwIfAborted();
    const readWidth = read.width * factor;
    const dx = (core.x - read.x) * factor;
    const dy = (core.y - read.y) * factor;
    for (let y = 0; y < core.height * factor; y++) {
      let s = ((dy + y) * readWidth + dx) * 3;
      let o = ((core.y * factor + y) * width + core.x * factor) * 4;
      for (let x = 0; x < core.width * factor; x++, s += 3, o += 4) {
        out[o] = result[s];
        out[o + 1] = result[s + 1];
        out[o + 2] = result[s + 2];
        out[o + 3] = 255;
      }
    }
    onProgress?.(index + 1, plans.length);
    if (between && index < plans.length - 1) {
      await between();
      signal?.throwIfAborted();
    }
  }
  if (hasAlpha(image)) enlargeAlpha(image, factor, out);
  return { width, height, data: out };
}

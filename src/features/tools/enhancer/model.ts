// The super-resolution model: ESRGAN "slim" (an RDN network trained on DIV2K) from the npm
// package @upscalerjs/esrgan-slim (MIT), one model per factor, run with TensorFlow.js on the
// GPU through WebGL where the device has it, else on the CPU. The files are the app's own
// (/models/esrgan-slim/…, copied from the package at build time by
// scripts/vite/enhancer-models.ts): nothing is fetched from elsewhere.
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-webgl';
import { loadLayersModel } from '@tensorflow/tfjs-layers';
import type { EnhanceFactor } from './rules.ts';
import type { TileModel } from './tiling.ts';
import { EnhancerError, type LoadedModel } from './worker-core.ts';

export const modelUrl = (factor: EnhanceFactor) => `/models/esrgan-slim/x${factor}/model.json`;

let backend: Promise<string> | null = null;

/** WebGL when it starts (in a worker: OffscreenCanvas with WebGL), else the CPU. */
function startBackend(): Promise<string> {
  backend ??= (async () => {
    try {
      await tf.ready();
    } catch {
      if (!(await tf.setBackend('cpu'))) throw new EnhancerError('unsupported', 'no backend');
    }
    return tf.getBackend();
  })();
  return backend;
}

/** The model for this factor, from the app's files (or, in tests, from the package's files). */
export async function loadModel(
  factor: EnhanceFactor,
  from: string | tf.io.IOHandler = modelUrl(factor),
): Promise<LoadedModel> {
  const name = await startBackend();
  let model: Awaited<ReturnType<typeof loadLayersModel>>;
  try {
    model = await loadLayersModel(from);
  } catch (err) {
    throw new EnhancerError('model-unavailable', err instanceof Error ? err.message : String(err));
  }
  const run: TileModel = async (tile) => {
    const out = tf.tidy(() => {
      const input = tf.tensor4d(tile.data, [1, tile.height, tile.width, 3]);
      return tf.clipByValue(model.predict(input) as tf.Tensor4D, 0, 255);
    });
    try {
      return (await out.data()) as Float32Array;
    } finally {
      out.dispose();
    }
  };
  return { run, backend: name };
}

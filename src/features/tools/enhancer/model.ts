// The super-resolution model: ESRGAN "slim" (an RDN network trained on DIV2K) from the npm
// package @upscalerjs/esrgan-slim (MIT), one model per factor, run with TensorFlow.js: on the
// GPU through WebGL where the device has a real one, else in WebAssembly (SIMD), else in plain
// JavaScript. The files are the app's own (/models/…, copied from the packages at build time
// by scripts/vite/enhancer-models.ts): nothing is fetched from elsewhere.
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-webgl';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadLayersModel } from '@tensorflow/tfjs-layers';
import type { EnhanceFactor } from './rules.ts';
import type { TileModel } from './tiling.ts';
import { EnhancerError, type LoadedModel } from './worker-core.ts';

/** Where the app serves the WebAssembly backend's binaries (scripts/vite/enhancer-models.ts). */
export const WASM_ROUTE = '/models/tfjs-backend-wasm/';
export const modelUrl = (factor: EnhanceFactor) => `/models/esrgan-slim/x${factor}/model.json`;

let backend: Promise<string> | null = null;

/**
 * A WebGL that is really the CPU (SwiftShader, llvmpipe: a device or a headless browser without
 * a usable GPU) runs the model slower than WebAssembly does (bench/enhancer.bench.ts).
 */
export const isSoftwareRenderer = (renderer: string) => /swiftshader|llvmpipe|software/i.test(renderer);

function webglRenderer(): string | null {
  if (typeof OffscreenCanvas === 'undefined') return null;
  const gl = new OffscreenCanvas(1, 1).getContext('webgl2') ?? new OffscreenCanvas(1, 1).getContext('webgl');
  if (!gl) return null;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return renderer;
}

/** The order backends are tried in: a real GPU first, then WebAssembly, then plain JavaScript. */
export function backendOrder(renderer: string | null, prefer?: string): string[] {
  const order = renderer && !isSoftwareRenderer(renderer) ? ['webgl', 'wasm', 'cpu'] : ['wasm', 'cpu'];
  return prefer ? [prefer, ...order.filter((b) => b !== prefer)] : order;
}

/** Starts the first backend of backendOrder that starts; `prefer` (benchmarks) goes first. */
export function startBackend(prefer?: string): Promise<string> {
  backend ??= (async () => {
    if (typeof location !== 'undefined') {
      setWasmPaths({
        'tfjs-backend-wasm.wasm': `${WASM_ROUTE}tfjs-backend-wasm.wasm`,
        'tfjs-backend-wasm-simd.wasm': `${WASM_ROUTE}tfjs-backend-wasm-simd.wasm`,
        'tfjs-backend-wasm-threaded-simd.wasm': `${WASM_ROUTE}tfjs-backend-wasm-threaded-simd.wasm`,
      });
    }
    for (const name of backendOrder(webglRenderer(), prefer)) {
      try {
        if (await tf.setBackend(name)) {
          await tf.ready();
          return name;
        }
      } catch {
        // the next one
      }
    }
    throw new EnhancerError('unsupported', 'no backend started');
  })();
  return backend;
}

/** The model for this factor, from the app's files (or, in tests, from the package's files). */
export async function loadModel(
  factor: EnhanceFactor,
  from: string | tf.io.IOHandler = modelUrl(factor),
  prefer?: string,
): Promise<LoadedModel> {
  const name = await startBackend(prefer);
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

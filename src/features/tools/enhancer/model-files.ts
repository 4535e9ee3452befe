// A TensorFlow.js layers model read from its files on disk (model.json and one weights shard), as
// @upscalerjs/esrgan-slim and -medium ship them. Node only: the unit tests and bench/enhancer
// use it; the app fetches the files from its own origin (vite's enhancerModels).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';

export function modelFromFiles(dir: string) {
  const json = JSON.parse(readFileSync(path.join(dir, 'model.json'), 'utf8'));
  const bin = readFileSync(path.join(dir, 'group1-shard1of1.bin'));
  return tf.io.fromMemory({
    modelTopology: json.modelTopology,
    weightSpecs: json.weightsManifest[0].weights,
    weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
  });
}

/** The slim model of the given factor, from the installed package. */
export const slimModelFiles = (root: string, factor: 2 | 4) =>
  modelFromFiles(path.join(root, `node_modules/@upscalerjs/esrgan-slim/models/x${factor}`));

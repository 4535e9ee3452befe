// HEIC/HEIF (iPhone photos) to RGBA pixels with libheif. Its WebAssembly bundle is ~2 MB, so
// only the HEIC worker (heic-worker.ts, started when such a photo is chosen) imports this
// module; a browser compiles a module this size synchronously only off the main thread.
import libheifFactory from 'libheif-js/libheif-wasm/libheif-bundle.mjs';
import { MAX_PIXELS, MAX_SIDE } from './limits.ts';

export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
  hasAlpha: boolean;
}

interface HeifImage {
  is_primary(): boolean;
  get_width(): number;
  get_height(): number;
  has_alpha_channel(): boolean;
  display(
    target: { data: Uint8ClampedArray; width: number; height: number },
    done: (result: unknown) => void,
  ): void;
  free(): void;
}
interface Libheif {
  HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
}

let libheif: Libheif | null = null;

function loadLibheif(): Libheif {
  libheif ??= libheifFactory() as Libheif;
  return libheif;
}

export class HeicDecodeError extends Error {
  constructor(readonly problem: 'unreadable' | 'too-many-pixels') {
    super(`HEIC: ${problem}`);
  }
}

/** The primary image's pixels, with its rotation and mirroring applied (libheif does). */
export async function decodeHeic(bytes: Uint8Array): Promise<Pixels> {
  const lib = loadLibheif();
  let images: HeifImage[];
  try {
    images = new lib.HeifDecoder().decode(bytes);
  } catch {
    throw new HeicDecodeError('unreadable');
  }
  const image = images.find((i) => i.is_primary()) ?? images[0];
  try {
    if (!image) throw new HeicDecodeError('unreadable');
    const width = image.get_width();
    const height = image.get_height();
    if (width <= 0 || height <= 0) throw new HeicDecodeError('unreadable');
    if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS)
      throw new HeicDecodeError('too-many-pixels');
    const data = new Uint8ClampedArray(width * height * 4);
    const ok = await new Promise<boolean>((resolve) =>
      image.display({ data, width, height }, (result) => resolve(Boolean(result))),
    );
    if (!ok) throw new HeicDecodeError('unreadable');
    return { width, height, data, hasAlpha: image.has_alpha_channel() };
  } finally {
    for (const i of images) i.free();
  }
}

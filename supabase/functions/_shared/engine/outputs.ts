// Copies a finished job's output from the provider into Drape's storage, at once (provider
// URLs expire):
//   image  generated/{userId}/{projectId}/{imageId}.png (clean) at the image's resolution
//          (a 4K render scaled down for a 2K plan, resolution.ts), and for plans with a
//          watermark also watermarked/{same}.png (40 %, made here on the server, same size)
//   video  videos/{userId}/{projectId}/{timestamp}.webm|mp4
//   tool   tool-images/{userId}/{jobId}.png (background removal: a transparent PNG);
//          a saved model's view: seller-models/{userId}/{modelId}/{front|back|side}.png
// The stored row gets an authenticated object URL of what the seller may see: the
// watermarked copy on a watermarked plan, never the clean one (storage policies agree).
import { type EngineJob, ProviderError } from '../providers/types.ts';
import type { EngineConfig } from './config.ts';
import { decodePng, encodePng, isPng, pngSize, type Rgba } from './png.ts';
import { scaleDown, targetSize } from './resolution.ts';
import type { EngineStore, FinishPaths } from './store.ts';
import { applyWatermark } from './watermark.ts';

export interface StoredOutput extends FinishPaths {
  resultPath: string;
}

/** The PNG at the size its resolution allows (scaled down when larger), and that size. */
async function atResolution(
  png: Uint8Array,
  pixels: Rgba | null,
  resolution: string,
): Promise<{ png: Uint8Array; pixels: Rgba | null; width: number; height: number }> {
  const size = pngSize(png)!;
  const target = targetSize(size.width, size.height, resolution);
  if (target.width === size.width && target.height === size.height) return { png, pixels, ...size };
  const scaled = scaleDown(pixels ?? (await decodePng(png)), target.width, target.height);
  return { png: await encodePng(scaled), pixels: scaled, ...target };
}

export interface OutputDeps {
  store: EngineStore;
  config: EngineConfig;
  download: (url: string, maxBytes: number) => Promise<{ bytes: Uint8Array; contentType: string | null }>;
  decodeJpeg?: (bytes: Uint8Array) => Rgba;
  now: () => number;
  /** times a step (the engine's tracer) */
  trace?: <T>(step: string, jobId: string, fn: () => Promise<T>) => Promise<T>;
}

export type Sniffed = 'png' | 'jpeg' | 'webp' | 'webm' | 'mp4' | null;

export function sniff(b: Uint8Array): Sniffed {
  if (isPng(b)) return 'png';
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length > 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (b.length > 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'webm';
  if (b.length > 12 && ascii(4, 8) === 'ftyp') return 'mp4';
  return null;
}

const permanent = (code: string, message: string) => new ProviderError({ kind: 'permanent', code, message });
const transient = (code: string, message: string) => new ProviderError({ kind: 'transient', code, message });

/** An authenticated object URL (the seller's token and the bucket's policies decide). */
export function objectUrl(config: EngineConfig, bucket: string, path: string): string {
  return `${config.supabaseUrl}/storage/v1/object/authenticated/${bucket}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** The output as a PNG: stored as it came when it is one, converted from JPEG otherwise. */
async function asPng(bytes: Uint8Array, deps: OutputDeps): Promise<{ png: Uint8Array; pixels: Rgba | null }> {
  const kind = sniff(bytes);
  if (kind === 'png') {
    if (!pngSize(bytes)?.width) throw permanent('BadOutput', 'the provider returned a broken PNG');
    return { png: bytes, pixels: null };
  }
  if (kind === 'jpeg' && deps.decodeJpeg) {
    const pixels = deps.decodeJpeg(bytes);
    return { png: await encodePng(pixels), pixels };
  }
  throw permanent(
    'UnsupportedOutput',
    `the provider returned ${kind ?? 'an unknown format'}, not a PNG or JPEG image`,
  );
}

async function fetchOutput(outputs: string[], deps: OutputDeps): Promise<Uint8Array> {
  const url = outputs[0];
  if (!url || !/^https?:\/\//i.test(url)) throw permanent('BadOutput', 'the provider returned no output URL');
  try {
    const { bytes } = await deps.download(url, deps.config.maxOutputBytes);
    if (bytes.length === 0) throw transient('EmptyOutput', 'the provider output was empty');
    return bytes;
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    throw transient(
      'OutputDownload',
      `the provider output could not be downloaded: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

export async function storeOutput(
  job: EngineJob,
  outputs: string[],
  deps: OutputDeps,
): Promise<StoredOutput> {
  const timed = deps.trace ?? (<T>(_s: string, _j: string, fn: () => Promise<T>) => fn());
  const id = job.kind === 'image' ? job.image_id : job.kind === 'video' ? job.project_id : job.job_id;
  const bytes = await timed('download', id, () => fetchOutput(outputs, deps));
  const { store, config } = deps;

  if (job.kind === 'image') {
    const path = `${job.user_id}/${job.project_id}/${job.image_id}.png`;
    const converted = await asPng(bytes, deps);
    const { png, pixels, width, height } = await timed('resolution', id, () =>
      atResolution(converted.png, converted.pixels, job.resolution),
    );
    const clean = timed('upload', id, () => store.upload('generated', path, png, 'image/png'));
    if (!job.watermark) {
      await clean;
      return { resultPath: path, resultUrl: objectUrl(config, 'generated', path), width, height };
    }
    // the watermarked copy is made while the clean one uploads
    const cleanDone = clean.then(
      () => null,
      (err: unknown) => err,
    );
    const marked = await timed('watermark', id, async () => {
      const image = applyWatermark(pixels ? { ...pixels, data: pixels.data.slice() } : await decodePng(png));
      return encodePng(image, { Comment: 'Drape preview: watermarked (free plan)' });
    }).catch(async (err) => {
      await cleanDone;
      throw err;
    });
    await timed('upload-watermarked', id, () => store.upload('watermarked', path, marked, 'image/png'));
    const failed = await cleanDone;
    if (failed) throw failed;
    return {
      resultPath: path,
      watermarkedPath: path,
      resultUrl: objectUrl(config, 'watermarked', path),
      width,
      height,
    };
  }

  if (job.kind === 'video') {
    const kind = sniff(bytes);
    if (kind !== 'webm' && kind !== 'mp4')
      throw permanent(
        'UnsupportedOutput',
        `the provider returned ${kind ?? 'an unknown format'}, not a video`,
      );
    const path = `${job.user_id}/${job.project_id}/${deps.now()}.${kind}`;
    await store.upload('videos', path, bytes, kind === 'webm' ? 'video/webm' : 'video/mp4');
    return { resultPath: path, resultUrl: objectUrl(config, 'videos', path) };
  }

  const model = job.tool === 'model-creator' ? job.seller_model : null;
  const bucket = model ? 'seller-models' : 'tool-images';
  const path = model ? `${job.user_id}/${model.id}/${model.view}.png` : `${job.user_id}/${job.job_id}.png`;
  const { png } = await asPng(bytes, deps);
  await store.upload(bucket, path, png, 'image/png');
  return { resultPath: path, resultUrl: objectUrl(config, bucket, path) };
}

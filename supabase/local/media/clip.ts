// makeCameraClip: a real, playable WebM (VP8) clip of a camera move over one still image,
// made without ffmpeg. Each frame is a crop of the image (zoom / pan / sway / turn /
// push-in, eased) rendered by sharp and encoded as lossy WebP; a lossy WebP's 'VP8 ' chunk
// is exactly one VP8 keyframe, so the frames go straight into a WebM as an all-keyframe
// VP8 stream (bigger than a codec with inter frames, but every browser plays it), muxed by
// Mediabunny (duration, cues and a seek head written, so players seek at once).
import os from 'node:os';
import { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Output, WebMOutputFormat } from 'mediabunny';
import sharp from 'sharp';

export type CameraMove = 'zoom-in' | 'pan' | 'sway' | 'turn' | 'push-in';
export const CAMERA_MOVES: readonly CameraMove[] = ['zoom-in', 'pan', 'sway', 'turn', 'push-in'];

export interface ClipOptions {
  /** output size (even numbers are best); default 720x1080 */
  width?: number;
  height?: number;
  /** default 5 */
  seconds?: number;
  /** default 24 */
  fps?: number;
  /** WebP/VP8 quality 1-100; default 62 */
  quality?: number;
}

/** The visible part of the image at one moment: centre (0..1 of the base frame) and zoom. */
interface View {
  cx: number;
  cy: number;
  zoom: number;
  /** > 1 widens the view horizontally (squeezes the picture): a hint of rotation */
  squeeze?: number;
}

const easeInOut = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);
const TAU = Math.PI * 2;

/** The moves; t runs 0..1 over the clip. sway and turn start where they end, so they loop. */
export function viewAt(move: CameraMove, t: number, seconds: number): View {
  const e = easeInOut(t);
  switch (move) {
    case 'zoom-in':
      return { cx: 0.5, cy: 0.5 - 0.08 * e, zoom: 1 + 0.2 * e };
    case 'pan':
      return { cx: 0.3 + 0.4 * e, cy: 0.46, zoom: 1.16 + 0.04 * e };
    case 'sway':
      return {
        cx: 0.5 + 0.03 * Math.sin(TAU * t),
        cy: 0.5 + 0.012 * Math.sin(2 * TAU * t),
        zoom: 1.08 + 0.02 * (1 - Math.cos(TAU * t)),
      };
    case 'turn': {
      const s = Math.sin(TAU * t);
      return { cx: 0.5 + 0.07 * s, cy: 0.5, zoom: 1.12, squeeze: 1 + 0.14 * Math.sin(Math.PI * t * 2) ** 2 };
    }
    case 'push-in': {
      const steps = 1.8 * seconds; // a model's stride: a small bob per step
      return { cx: 0.5, cy: 0.52 - 0.06 * e + 0.006 * Math.sin(TAU * steps * t), zoom: 1 + 0.28 * e };
    }
  }
}

const MAX_ZOOM = 1.3;

/** Extracts the VP8 keyframe from a lossy WebP file (simple or extended format). */
export function vp8FromWebp(webp: Buffer): Buffer {
  if (webp.toString('ascii', 0, 4) !== 'RIFF' || webp.toString('ascii', 8, 12) !== 'WEBP')
    throw new Error('not a WebP file');
  let pos = 12;
  while (pos + 8 <= webp.length) {
    const fourcc = webp.toString('ascii', pos, pos + 4);
    const size = webp.readUInt32LE(pos + 4);
    if (fourcc === 'VP8 ') return webp.subarray(pos + 8, pos + 8 + size);
    pos += 8 + size + (size & 1);
  }
  throw new Error('WebP has no lossy VP8 chunk');
}

async function pool<T>(count: number, limit: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await fn(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return out;
}

export async function makeCameraClip(
  image: Buffer,
  move: CameraMove,
  opts: ClipOptions = {},
): Promise<Buffer> {
  const width = opts.width ?? 720;
  const height = opts.height ?? 1080;
  const seconds = opts.seconds ?? 5;
  const fps = opts.fps ?? 24;
  const quality = opts.quality ?? 62;
  if (!CAMERA_MOVES.includes(move)) throw new Error(`unknown camera move ${move}`);
  const frameCount = Math.max(1, Math.round(seconds * fps));

  // The base frame: the image covered to the clip's aspect, decoded once at a size that
  // leaves room for the deepest zoom without upscaling per frame.
  const baseW = Math.round(width * MAX_ZOOM);
  const baseH = Math.round(height * MAX_ZOOM);
  const base = await sharp(image)
    .rotate()
    .resize(baseW, baseH, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#f2efe9' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const raw = { width: baseW, height: baseH, channels: 3 as const };

  const frames = await pool(frameCount, Math.max(1, Math.min(2, os.availableParallelism())), async (i) => {
    const t = frameCount === 1 ? 0 : i / (frameCount - 1);
    const v = viewAt(move, t, seconds);
    const vw = Math.min(baseW, Math.round((baseW / v.zoom) * (v.squeeze ?? 1)));
    const vh = Math.min(baseH, Math.round(baseH / v.zoom));
    const left = Math.round(Math.min(baseW - vw, Math.max(0, v.cx * baseW - vw / 2)));
    const top = Math.round(Math.min(baseH - vh, Math.max(0, v.cy * baseH - vh / 2)));
    const webp = await sharp(base, { raw })
      .extract({ left, top, width: vw, height: vh })
      .resize(width, height, { fit: 'fill' })
      .webp({ quality, effort: 0, smartSubsample: false })
      .toBuffer();
    return vp8FromWebp(webp);
  });
  return muxWebm(frames, width, height, fps);
}

/** What every clip says made it (as the local renderer's PNGs do): Matroska tags ENCODER, COMMENT. */
export const CLIP_ENCODER = 'drape-local-preview';
export const CLIP_COMMENT = 'preview renderer, not a generative model';

/** VP8 keyframes, in display order, into one WebM video track at `fps`. */
async function muxWebm(frames: Buffer[], width: number, height: number, fps: number): Promise<Buffer> {
  const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
  const source = new EncodedVideoPacketSource('vp8');
  output.addVideoTrack(source, { frameRate: fps, hasOnlyKeyPackets: true });
  output.setMetadataTags({ comment: CLIP_COMMENT, raw: { ENCODER: CLIP_ENCODER } });
  await output.start();
  for (const [i, frame] of frames.entries()) {
    const packet = new EncodedPacket(frame, 'key', i / fps, 1 / fps);
    await source.add(
      packet,
      i === 0 ? { decoderConfig: { codec: 'vp8', codedWidth: width, codedHeight: height } } : undefined,
    );
  }
  await output.finalize();
  const bytes = output.target.buffer;
  if (!bytes) throw new Error('muxWebm: no output');
  return Buffer.from(bytes);
}

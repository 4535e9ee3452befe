// What a WebM says about itself, read with Mediabunny's demuxer (for checks: tests and a
// caller that wants to know what it was given): container, codec, size, duration from the
// header and from the frames, frame and keyframe counts, the first frame's payload.
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input, WEBM } from 'mediabunny';

export interface WebmInfo {
  /** 'webm' when Mediabunny reads it as WebM (a Matroska file with the webm DocType) */
  container: string;
  /** Mediabunny's codec name: 'vp8', 'vp9', 'av1' */
  codec: string | null;
  width: number;
  height: number;
  /** the Segment's Duration, milliseconds (null when absent) */
  durationMs: number | null;
  /** the end of the last frame, whole milliseconds */
  framesEndMs: number;
  frameCount: number;
  keyframeCount: number;
  /** the first frame's payload */
  firstFrame: Buffer | null;
  /** the Matroska tags ENCODER and COMMENT, when present */
  encoder: string | null;
  comment: string | null;
}

export async function readWebmInfo(bytes: Uint8Array): Promise<WebmInfo> {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    return await read(input);
  } finally {
    input.dispose();
  }
}

async function read(input: Input): Promise<WebmInfo> {
  const format = await input.getFormat();
  const track = await input.getPrimaryVideoTrack();
  if (!track) throw new Error('webm: no video track');
  const info: WebmInfo = {
    container: format === WEBM ? 'webm' : format.name,
    codec: await track.getCodec(),
    width: await track.getCodedWidth(),
    height: await track.getCodedHeight(),
    durationMs: null,
    framesEndMs: 0,
    frameCount: 0,
    keyframeCount: 0,
    firstFrame: null,
    encoder: null,
    comment: null,
  };
  const tags = await input.getMetadataTags();
  info.comment = tags.comment ?? null;
  info.encoder = typeof tags.raw?.ENCODER === 'string' ? tags.raw.ENCODER : null;
  const metadata = await input.getDurationFromMetadata();
  info.durationMs = metadata === null ? null : Math.round(metadata * 1000 * 1000) / 1000;
  for await (const packet of new EncodedPacketSink(track).packets()) {
    info.frameCount++;
    if (packet.type === 'key') info.keyframeCount++;
    info.firstFrame ??= Buffer.from(packet.data);
    info.framesEndMs = Math.max(info.framesEndMs, (packet.timestamp + packet.duration) * 1000);
  }
  info.framesEndMs = Math.round(info.framesEndMs);
  return info;
}

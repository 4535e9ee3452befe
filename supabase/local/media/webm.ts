// A small WebM (Matroska/EBML) writer for a single VP8 video track, and a reader of the
// few header facts a test or a caller wants to check (codec, size, duration, frame count).
// Everything is known before writing (frames are encoded first), so every element carries
// its real size: no live-streaming "unknown size" elements, and Cues + SeekHead let players
// seek and read the duration at once.

// Element IDs (with their marker bits, as written on the wire).
const ID = {
  EBML: 0x1a45dfa3,
  EBMLVersion: 0x4286,
  EBMLReadVersion: 0x42f7,
  EBMLMaxIDLength: 0x42f2,
  EBMLMaxSizeLength: 0x42f3,
  DocType: 0x4282,
  DocTypeVersion: 0x4287,
  DocTypeReadVersion: 0x4285,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Seek: 0x4dbb,
  SeekID: 0x53ab,
  SeekPosition: 0x53ac,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  MuxingApp: 0x4d80,
  WritingApp: 0x5741,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackUID: 0x73c5,
  TrackType: 0x83,
  FlagLacing: 0x9c,
  DefaultDuration: 0x23e383,
  CodecID: 0x86,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  Cues: 0x1c53bb6b,
  CuePoint: 0xbb,
  CueTime: 0xb3,
  CueTrackPositions: 0xb7,
  CueTrack: 0xf7,
  CueClusterPosition: 0xf1,
} as const;

const MASTER_IDS = new Set<number>([
  ID.EBML,
  ID.Segment,
  ID.SeekHead,
  ID.Seek,
  ID.Info,
  ID.Tracks,
  ID.TrackEntry,
  ID.Video,
  ID.Cluster,
  ID.Cues,
  ID.CuePoint,
  ID.CueTrackPositions,
]);

function idBytes(id: number): Buffer {
  const len = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1;
  const b = Buffer.alloc(len);
  b.writeUIntBE(id, 0, len);
  return b;
}

/** EBML variable-size integer for an element's data size. */
function sizeBytes(n: number): Buffer {
  let len = 1;
  while (len < 8 && n >= 2 ** (7 * len) - 1) len++;
  const b = Buffer.alloc(len);
  let v = n;
  for (let i = len - 1; i >= 0; i--) {
    b[i] = v % 256;
    v = Math.floor(v / 256);
  }
  b[0] |= 0x80 >> (len - 1);
  return b;
}

function el(id: number, ...payload: Buffer[]): Buffer {
  const data = payload.length === 1 ? payload[0] : Buffer.concat(payload);
  return Buffer.concat([idBytes(id), sizeBytes(data.length), data]);
}

function uint(id: number, value: number, width?: number): Buffer {
  let len = width ?? 1;
  if (width === undefined) while (len < 8 && value >= 2 ** (8 * len)) len++;
  const b = Buffer.alloc(len);
  let v = value;
  for (let i = len - 1; i >= 0; i--) {
    b[i] = v % 256;
    v = Math.floor(v / 256);
  }
  return el(id, b);
}

function float(id: number, value: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return el(id, b);
}

function str(id: number, value: string): Buffer {
  return el(id, Buffer.from(value, 'utf8'));
}

export interface WebmVideo {
  width: number;
  height: number;
  fps: number;
  /** VP8 frames in display order; every one must be a keyframe (WebP's VP8 payloads are). */
  frames: Buffer[];
  writingApp?: string;
}

/** Frames per cluster: one cluster a second keeps seeking cheap and the block offsets small. */
function clusterFrames(fps: number): number {
  return Math.max(1, Math.round(fps));
}

export function writeWebm(video: WebmVideo): Buffer {
  const { width, height, fps, frames } = video;
  if (frames.length === 0) throw new Error('writeWebm: no frames');
  const frameMs = 1000 / fps;

  const header = el(
    ID.EBML,
    uint(ID.EBMLVersion, 1),
    uint(ID.EBMLReadVersion, 1),
    uint(ID.EBMLMaxIDLength, 4),
    uint(ID.EBMLMaxSizeLength, 8),
    str(ID.DocType, 'webm'),
    uint(ID.DocTypeVersion, 2),
    uint(ID.DocTypeReadVersion, 2),
  );

  const info = el(
    ID.Info,
    uint(ID.TimecodeScale, 1_000_000), // timestamps in milliseconds
    float(ID.Duration, frames.length * frameMs),
    str(ID.MuxingApp, 'drape-webm'),
    str(ID.WritingApp, video.writingApp ?? 'drape-local-preview'),
  );

  const tracks = el(
    ID.Tracks,
    el(
      ID.TrackEntry,
      uint(ID.TrackNumber, 1),
      uint(ID.TrackUID, 1),
      uint(ID.TrackType, 1), // video
      uint(ID.FlagLacing, 0),
      uint(ID.DefaultDuration, Math.round(1e9 / fps)),
      str(ID.CodecID, 'V_VP8'),
      el(ID.Video, uint(ID.PixelWidth, width), uint(ID.PixelHeight, height)),
    ),
  );

  const perCluster = clusterFrames(fps);
  const clusters: { time: number; bytes: Buffer }[] = [];
  for (let start = 0; start < frames.length; start += perCluster) {
    const clusterTime = Math.round(start * frameMs);
    const blocks: Buffer[] = [uint(ID.Timecode, clusterTime)];
    for (let i = start; i < Math.min(frames.length, start + perCluster); i++) {
      const rel = Math.round(i * frameMs) - clusterTime;
      const head = Buffer.alloc(4);
      head[0] = 0x81; // track 1 as a vint
      head.writeInt16BE(rel, 1);
      head[3] = 0x80; // keyframe
      blocks.push(el(ID.SimpleBlock, head, frames[i]));
    }
    clusters.push({ time: clusterTime, bytes: el(ID.Cluster, ...blocks) });
  }

  // SeekHead with fixed-width positions, so its own size is known before the offsets are.
  const seekHead = (infoPos: number, tracksPos: number, cuesPos: number) =>
    el(
      ID.SeekHead,
      el(ID.Seek, el(ID.SeekID, idBytes(ID.Info)), uint(ID.SeekPosition, infoPos, 8)),
      el(ID.Seek, el(ID.SeekID, idBytes(ID.Tracks)), uint(ID.SeekPosition, tracksPos, 8)),
      el(ID.Seek, el(ID.SeekID, idBytes(ID.Cues)), uint(ID.SeekPosition, cuesPos, 8)),
    );
  const seekLen = seekHead(0, 0, 0).length;
  const infoPos = seekLen;
  const tracksPos = infoPos + info.length;
  let pos = tracksPos + tracks.length;
  const cuePoints: Buffer[] = [];
  for (const c of clusters) {
    cuePoints.push(
      el(
        ID.CuePoint,
        uint(ID.CueTime, c.time),
        el(ID.CueTrackPositions, uint(ID.CueTrack, 1), uint(ID.CueClusterPosition, pos)),
      ),
    );
    pos += c.bytes.length;
  }
  const cues = el(ID.Cues, ...cuePoints);
  const segment = el(
    ID.Segment,
    seekHead(infoPos, tracksPos, pos),
    info,
    tracks,
    ...clusters.map((c) => c.bytes),
    cues,
  );
  return Buffer.concat([header, segment]);
}

// ---------------------------------------------------------------------------------------
// Reading (for checks): walks the element tree without decoding frames.

export interface WebmInfo {
  docType: string;
  codecId: string;
  width: number;
  height: number;
  /** milliseconds */
  durationMs: number;
  frameCount: number;
  keyframeCount: number;
  cuePoints: number;
  /** the first frame's VP8 payload */
  firstFrame: Buffer | null;
}

function readVint(buf: Buffer, pos: number, keepMarker: boolean): { value: number; length: number } {
  const first = buf[pos];
  if (first === undefined) throw new Error('webm: truncated');
  let len = 1;
  while (len <= 8 && !(first & (0x80 >> (len - 1)))) len++;
  if (len > 8) throw new Error('webm: bad vint');
  let value = keepMarker ? first : first & (0xff >> len);
  for (let i = 1; i < len; i++) value = value * 256 + buf[pos + i];
  return { value, length: len };
}

export function readWebmInfo(buf: Buffer): WebmInfo {
  const info: WebmInfo = {
    docType: '',
    codecId: '',
    width: 0,
    height: 0,
    durationMs: NaN,
    frameCount: 0,
    keyframeCount: 0,
    cuePoints: 0,
    firstFrame: null,
  };
  const walk = (start: number, end: number) => {
    let pos = start;
    while (pos < end) {
      const id = readVint(buf, pos, true);
      const size = readVint(buf, pos + id.length, false);
      const dataStart = pos + id.length + size.length;
      const dataEnd = dataStart + size.value;
      if (dataEnd > buf.length) throw new Error('webm: element runs past the end');
      const data = buf.subarray(dataStart, dataEnd);
      switch (id.value) {
        case ID.DocType:
          info.docType = data.toString('utf8');
          break;
        case ID.CodecID:
          info.codecId = data.toString('utf8');
          break;
        case ID.PixelWidth:
          info.width = data.readUIntBE(0, data.length);
          break;
        case ID.PixelHeight:
          info.height = data.readUIntBE(0, data.length);
          break;
        case ID.Duration:
          info.durationMs = data.length === 8 ? data.readDoubleBE(0) : data.readFloatBE(0);
          break;
        case ID.CuePoint:
          info.cuePoints++;
          break;
        case ID.SimpleBlock: {
          info.frameCount++;
          if (data[3] & 0x80) info.keyframeCount++;
          info.firstFrame ??= Buffer.from(data.subarray(4));
          break;
        }
      }
      if (MASTER_IDS.has(id.value)) walk(dataStart, dataEnd);
      pos = dataEnd;
    }
  };
  walk(0, buf.length);
  return info;
}

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAMERA_MOVES, makeCameraClip, viewAt, vp8FromWebp } from './clip.ts';
import { readWebmInfo } from './webm-info.ts';

/** A picture with structure (so frames of a move differ): stripes and a disc. */
async function picture(width = 400, height = 600): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#d9c7ae"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 40}" y="0" width="20" height="${height}" fill="#5a4634"/>`).join('')}
    <circle cx="${width / 2}" cy="${height / 3}" r="${width / 5}" fill="#b0283a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The VP8 frame header: keyframe bit, start code, 14-bit width/height. */
function vp8Header(frame: Buffer) {
  const tag = frame[0] | (frame[1] << 8) | (frame[2] << 16);
  return {
    keyframe: (tag & 1) === 0,
    shown: ((tag >> 4) & 1) === 1,
    startCode: frame.subarray(3, 6).toString('hex'),
    width: frame.readUInt16LE(6) & 0x3fff,
    height: frame.readUInt16LE(8) & 0x3fff,
  };
}

/**
 * The EBML header's elements, read here by hand (RFC 8794: an ID with its marker, a size
 * vint, the data), independently of the muxer and of the reader: DocType and the versions.
 */
function ebmlHeader(file: Buffer): Record<string, string | number> {
  const vint = (at: number, keepMarker: boolean) => {
    let length = 1;
    while (length <= 8 && !(file[at] & (0x80 >> (length - 1)))) length++;
    let value = keepMarker ? file[at] : file[at] & (0xff >> length);
    for (let i = 1; i < length; i++) value = value * 256 + file[at + i];
    return { value, length };
  };
  const names = new Map<number, string>([
    [0x4286, 'EBMLVersion'],
    [0x42f7, 'EBMLReadVersion'],
    [0x4282, 'DocType'],
    [0x4287, 'DocTypeVersion'],
    [0x4285, 'DocTypeReadVersion'],
  ]);
  const id = vint(0, true);
  if (id.value !== 0x1a45dfa3) throw new Error(`not EBML: ${file.subarray(0, 4).toString('hex')}`);
  const size = vint(id.length, false);
  const out: Record<string, string | number> = {};
  let at = id.length + size.length;
  const end = at + size.value;
  while (at < end) {
    const child = vint(at, true);
    const len = vint(at + child.length, false);
    const data = file.subarray(at + child.length + len.length, at + child.length + len.length + len.value);
    const name = names.get(child.value);
    if (name) out[name] = name === 'DocType' ? data.toString('ascii') : data.readUIntBE(0, data.length);
    at += child.length + len.length + len.value;
  }
  return out;
}

describe('makeCameraClip', () => {
  it('writes a WebM with one VP8 track, the asked size, duration and frame count', async () => {
    const clip = await makeCameraClip(await picture(), 'zoom-in', {
      width: 240,
      height: 360,
      seconds: 2,
      fps: 12,
    });
    expect(ebmlHeader(clip)).toMatchObject({ DocType: 'webm', EBMLReadVersion: 1 });
    // read back by Mediabunny's demuxer (not the code that wrote it)
    const info = await readWebmInfo(clip);
    expect(info).toMatchObject({
      container: 'webm',
      codec: 'vp8',
      width: 240,
      height: 360,
      durationMs: 2000,
      framesEndMs: 2000,
      frameCount: 24,
      keyframeCount: 24,
      encoder: 'drape-local-preview',
      comment: 'preview renderer, not a generative model',
    });
    const head = vp8Header(info.firstFrame!);
    expect(head).toEqual({ keyframe: true, shown: true, startCode: '9d012a', width: 240, height: 360 });
    // seekable at once: a seek head and cues (Matroska element ids 0x114d9b74, 0x1c53bb6b)
    expect(clip.indexOf(Buffer.from('114d9b74', 'hex'))).toBeGreaterThan(0);
    expect(clip.indexOf(Buffer.from('1c53bb6b', 'hex'))).toBeGreaterThan(0);
  });

  it('every move changes the picture over time and stays inside the image', async () => {
    const image = await picture();
    for (const move of CAMERA_MOVES) {
      for (const t of [0, 0.25, 0.5, 0.75, 1]) {
        const v = viewAt(move, t, 5);
        expect(v.zoom).toBeGreaterThanOrEqual(1);
        expect(v.zoom).toBeLessThanOrEqual(1.3);
      }
      const a = viewAt(move, 0, 5);
      const b = viewAt(move, 0.3, 5);
      expect(a, move).not.toEqual(b);
      const clip = await makeCameraClip(image, move, { width: 120, height: 180, seconds: 1, fps: 6 });
      expect((await readWebmInfo(clip)).frameCount).toBe(6);
    }
  });

  it('rejects an unknown move', async () => {
    await expect(makeCameraClip(await picture(), 'spin' as never)).rejects.toThrow(/unknown camera move/);
  });
});

describe('vp8FromWebp', () => {
  it('finds the VP8 chunk of a lossy WebP and refuses a lossless one', async () => {
    const img = sharp(await picture(64, 96));
    const lossy = await img.clone().webp({ quality: 50 }).toBuffer();
    expect(vp8Header(vp8FromWebp(lossy)).startCode).toBe('9d012a');
    const lossless = await img.clone().webp({ lossless: true }).toBuffer();
    expect(() => vp8FromWebp(lossless)).toThrow(/no lossy VP8/);
  });
});

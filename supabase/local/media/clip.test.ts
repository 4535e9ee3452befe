import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAMERA_MOVES, makeCameraClip, viewAt, vp8FromWebp } from './clip.ts';
import { readWebmInfo } from './webm.ts';

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

describe('makeCameraClip', () => {
  it('writes a WebM with one VP8 track, the asked size, duration and frame count', async () => {
    const clip = await makeCameraClip(await picture(), 'zoom-in', {
      width: 240,
      height: 360,
      seconds: 2,
      fps: 12,
    });
    expect(clip.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    const info = readWebmInfo(clip);
    expect(info.docType).toBe('webm');
    expect(info.codecId).toBe('V_VP8');
    expect([info.width, info.height]).toEqual([240, 360]);
    expect(info.durationMs).toBe(2000);
    expect(info.frameCount).toBe(24);
    expect(info.keyframeCount).toBe(24);
    expect(info.cuePoints).toBe(2);
    const head = vp8Header(info.firstFrame!);
    expect(head).toEqual({ keyframe: true, shown: true, startCode: '9d012a', width: 240, height: 360 });
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
      expect(readWebmInfo(clip).frameCount).toBe(6);
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

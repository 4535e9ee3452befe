import { describe, expect, it } from 'vitest';
import { resultSource } from '../image-sources.ts';

const free = { generated_path: 'u/p/i.png', watermarked_path: 'u/p/i.png' };
const paid = { generated_path: 'u/p/j.png', watermarked_path: null };

describe('which stored image a seller sees and downloads', () => {
  it('gives a plan without watermark-free downloads the watermarked copy, never the clean one', () => {
    expect(resultSource(free, false)).toEqual({ bucket: 'watermarked', path: 'u/p/i.png' });
    expect(resultSource(paid, false)).toBeNull();
  });

  it('gives a paid plan the clean image', () => {
    expect(resultSource(free, true)).toEqual({ bucket: 'generated', path: 'u/p/i.png' });
    expect(resultSource(paid, true)).toEqual({ bucket: 'generated', path: 'u/p/j.png' });
  });

  it('prefers the watermarked copy while the plan is unknown', () => {
    expect(resultSource(free, undefined)).toEqual({ bucket: 'watermarked', path: 'u/p/i.png' });
    expect(resultSource(paid, undefined)).toEqual({ bucket: 'generated', path: 'u/p/j.png' });
    expect(resultSource(undefined, true)).toBeNull();
  });
});

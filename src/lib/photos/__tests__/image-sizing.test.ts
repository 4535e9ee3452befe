// How big the prepared photo is: 2048 px on the long edge, never enlarged, name kept readable.
import { describe, expect, it } from 'vitest';
import { ACCEPT_ATTRIBUTE, LONG_EDGE, preparedFileName, sizeProblem, targetSize } from '../limits.ts';

describe('targetSize', () => {
  it('brings a 12 MP photo to 2048 on the long edge, either way round', () => {
    expect(targetSize({ width: 4032, height: 3024 })).toEqual({ width: 2048, height: 1536 });
    expect(targetSize({ width: 3024, height: 4032 })).toEqual({ width: 1536, height: 2048 });
    expect(targetSize({ width: 8064, height: 6048 })).toEqual({ width: 2048, height: 1536 });
  });

  it('keeps the long edge at 2048 exactly and the proportions within a pixel', () => {
    for (const [w, h] of [
      [4000, 3000],
      [6000, 4000],
      [5472, 3648],
      [2049, 1000],
      [3000, 3000],
    ]) {
      const t = targetSize({ width: w, height: h });
      expect(Math.max(t.width, t.height)).toBe(LONG_EDGE);
      expect(Math.abs(t.width / t.height - w / h)).toBeLessThan(2 / Math.min(t.width, t.height));
    }
  });

  it('never enlarges a smaller photo', () => {
    expect(targetSize({ width: 1600, height: 2000 })).toEqual({ width: 1600, height: 2000 });
    expect(targetSize({ width: 2048, height: 10 })).toEqual({ width: 2048, height: 10 });
    expect(targetSize({ width: 420, height: 360 })).toEqual({ width: 420, height: 360 });
  });

  it('keeps at least one pixel on a very thin panorama', () => {
    expect(targetSize({ width: 16000, height: 4 })).toEqual({ width: 2048, height: 1 });
  });
});

describe('sizeProblem', () => {
  it('refuses 20000 x 20000 and anything past 50 MP or 16384 px', () => {
    expect(sizeProblem({ width: 20_000, height: 20_000 })).toBe('too-many-pixels');
    expect(sizeProblem({ width: 16_385, height: 10 })).toBe('too-many-pixels');
    expect(sizeProblem({ width: 8000, height: 6300 })).toBe('too-many-pixels');
    expect(sizeProblem({ width: 8064, height: 6048 })).toBeNull();
  });
});

describe('preparedFileName', () => {
  it('keeps the base in plain ASCII and sets the extension of the new type', () => {
    expect(preparedFileName('IMG_1234.HEIC', 'image/jpeg')).toBe('img_1234.jpg');
    expect(preparedFileName('Φόρεμα καλοκαιρινό.png', 'image/webp')).toBe('photo.webp');
    expect(preparedFileName('Robe d’été (2).jpeg', 'image/jpeg')).toBe('robe-d-ete-2.jpg');
    expect(preparedFileName('../../etc/passwd', 'image/jpeg')).toBe('passwd.jpg');
    expect(preparedFileName('', 'image/jpeg')).toBe('photo.jpg');
  });
});

it('the picker takes PNG, JPEG, WebP and HEIC/HEIF, by type and by extension', () => {
  for (const t of ['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif', '.heic', '.jpg'])
    expect(ACCEPT_ATTRIBUTE).toContain(t);
});

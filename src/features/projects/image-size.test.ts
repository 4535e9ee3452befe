import { describe, expect, it } from 'vitest';
import { imageSizeLabel, imageSizeLabels } from './image-size.ts';

describe('the size a result was delivered at', () => {
  it('states the resolution and the real pixel size', () => {
    expect(imageSizeLabel({ resolution: '4K', width: 2731, height: 4096 })).toBe('4K · 2731×4096');
    expect(imageSizeLabel({ resolution: '2K', width: 1365, height: 2048 })).toBe('2K · 1365×2048');
  });

  it('an older image without a recorded size states its resolution only; nothing known, nothing said', () => {
    expect(imageSizeLabel({ resolution: 'HD', width: null, height: null })).toBe('HD');
    expect(imageSizeLabel({ resolution: null, width: null, height: null })).toBeNull();
    expect(imageSizeLabel(undefined)).toBeNull();
  });

  it('several images: each size once', () => {
    const hd = { resolution: 'HD', width: 1024, height: 1536 };
    expect(imageSizeLabels([hd, hd, { resolution: null, width: null, height: null }])).toEqual([
      'HD · 1024×1536',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { addToSelection, canCombine, imageType, isCombinerType } from '../combiner/rules.ts';
import { hasCreditsFor } from '../prices.ts';
import { isRemoverType, removalPercent } from '../remover/rules.ts';
import { combinedFileName, cutOutFileName, enhancedFileName } from '../download.ts';
import { TOOLS, isLocked } from '../tool-list.ts';

const file = (name: string, type: string) => ({ name, type });

describe('photo combiner rules', () => {
  it('takes PNG, JPEG and WebP only (by type, or by extension when the type is missing)', () => {
    expect(isCombinerType(file('a.png', 'image/png'))).toBe(true);
    expect(isCombinerType(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(isCombinerType(file('a.webp', 'image/webp'))).toBe(true);
    expect(isCombinerType(file('a.webp', ''))).toBe(true);
    expect(isCombinerType(file('a.gif', 'image/gif'))).toBe(false);
    expect(isCombinerType(file('a.heic', 'image/heic'))).toBe(false);
    expect(isCombinerType(file('notes.pdf', 'application/pdf'))).toBe(false);
    expect(imageType(file('A.JPEG', ''))).toBe('image/jpeg');
  });

  it('adds up to 2 photos and says when more were offered', () => {
    const two = [file('a.png', 'image/png'), file('b.png', 'image/png')];
    expect(addToSelection(0, two)).toEqual({ accepted: two, wrongType: [], overLimit: false });
    const three = [...two, file('c.png', 'image/png')];
    expect(addToSelection(0, three)).toMatchObject({ accepted: two, overLimit: true });
    expect(addToSelection(1, two)).toMatchObject({ accepted: [two[0]], overLimit: true });
    expect(addToSelection(2, [two[0]])).toMatchObject({ accepted: [], overLimit: true });
  });

  it('leaves out files of another type without counting them against the limit', () => {
    const gif = file('x.gif', 'image/gif');
    const png = file('a.png', 'image/png');
    expect(addToSelection(1, [gif, png])).toEqual({ accepted: [png], wrongType: [gif], overLimit: false });
  });

  it('combines exactly 2 photos', () => {
    expect([0, 1, 2, 3].map(canCombine)).toEqual([false, false, true, false]);
  });
});

describe('credits for a tool use', () => {
  it('needs the price at least, compared in cents', () => {
    expect(hasCreditsFor(0.15, 0.15)).toBe(true);
    expect(hasCreditsFor(0.15, 0.14)).toBe(false);
    expect(hasCreditsFor(0.4, 0.1 + 0.3)).toBe(true); // 0.30000000000000004 + 0.1 style sums
    expect(hasCreditsFor(0.4, 0)).toBe(false);
  });
  it('leaves an unknown price or balance to the server', () => {
    expect(hasCreditsFor(undefined, 0)).toBe(true);
    expect(hasCreditsFor(0.4, undefined)).toBe(true);
  });
});

describe('background remover rules', () => {
  it('takes PNG, JPG, WebP and HEIC (turned into JPEG on the device)', () => {
    expect(isRemoverType(file('a.png', 'image/png'))).toBe(true);
    expect(isRemoverType(file('a.HEIC', ''))).toBe(true);
    expect(isRemoverType(file('a.heic', 'application/octet-stream'))).toBe(true);
    expect(isRemoverType(file('a.gif', 'image/gif'))).toBe(false);
    expect(isRemoverType(file('a.txt', 'text/plain'))).toBe(false);
  });
  it('reports progress: the upload is the first 40 %, then the job', () => {
    expect(removalPercent('uploading', { loaded: 0, total: 100 })).toBe(0);
    expect(removalPercent('uploading', { loaded: 50, total: 100 })).toBe(20);
    expect(removalPercent('uploading', { loaded: 150, total: 100 })).toBe(40);
    expect(removalPercent('queued', null)).toBeLessThan(removalPercent('processing', null));
    expect(removalPercent('processing', null)).toBeLessThan(removalPercent('fetching', null));
  });
});

describe('file names', () => {
  it('names a combination by its time', () => {
    expect(combinedFileName(new Date(2026, 10, 22, 9, 5))).toBe('combined-photo-20261122-0905.png');
  });
  it('names a cut-out after its photo, plain ASCII', () => {
    expect(cutOutFileName('Linen Shirt.HEIC')).toBe('linen-shirt-no-background.png');
    expect(cutOutFileName('Φόρεμα.jpg')).toBe('photo-no-background.png');
    expect(cutOutFileName('C:\\photos\\Café dress.webp')).toBe('cafe-dress-no-background.png');
  });
  it('names an enhanced photo after its photo, the factor and the format', () => {
    expect(enhancedFileName('Linen Shirt.HEIC', 2, 'jpg')).toBe('linen-shirt-enhanced-2x.jpg');
    expect(enhancedFileName('Φόρεμα.png', 4, 'webp')).toBe('photo-enhanced-4x.webp');
  });
});

describe('tools hub', () => {
  it('lists the spec cards: five tools (the Image Enhancer on paid plans, the Custom Model Creator and the Batch Processor Advanced only), none coming soon', () => {
    expect(TOOLS.map((t) => t.id)).toEqual([
      'photo-combiner',
      'background-remover',
      'image-enhancer',
      'custom-model-creator',
      'batch-processor',
    ]);
    expect(TOOLS.filter((t) => t.comingSoon).map((t) => t.id)).toEqual([]);
    expect(TOOLS.find((t) => t.id === 'image-enhancer')).toMatchObject({
      to: '/tools/image-enhancer',
      paidOnly: true,
      onDevice: true,
    });
    expect(TOOLS.find((t) => t.id === 'batch-processor')?.to).toBe('/tools/batch');
    expect(TOOLS.find((t) => t.id === 'custom-model-creator')).toMatchObject({
      to: '/tools/model-creator',
      priceItem: 'model-creator',
    });
    expect(TOOLS.filter((t) => t.advancedOnly).map((t) => t.id)).toEqual([
      'custom-model-creator',
      'batch-processor',
    ]);
  });
  it('locks Advanced-only cards for every plan but Advanced', () => {
    const creator = TOOLS[3];
    expect(['free', 'lite', 'pro', undefined].map((p) => isLocked(creator, p))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(isLocked(creator, 'advanced')).toBe(false);
    expect(isLocked(TOOLS[0], 'free')).toBe(false);
  });
  it('locks the Image Enhancer on the free plan only', () => {
    const enhancer = TOOLS[2];
    expect(['free', undefined, 'lite', 'pro', 'advanced'].map((p) => isLocked(enhancer, p))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

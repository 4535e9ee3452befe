import { describe, expect, it } from 'vitest';
import {
  cardSize,
  cardThumbnails,
  fixResultSource,
  predictedCardSize,
  resultSource,
} from '../image-sources.ts';

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

describe('card thumbnail sizes', () => {
  it('are the smallest listed width covering the card on its screen, in the card shape', () => {
    expect(cardSize(300, 1)).toEqual({ width: 320, height: 411, resize: 'cover', quality: 70 });
    expect(cardSize(358, 2)).toMatchObject({ width: 720 });
    expect(cardSize(413, 1)).toMatchObject({ width: 480 });
  });

  it('stop at 960 px, below the stored 1024 px result, however dense the screen', () => {
    expect(cardSize(413, 3)).toMatchObject({ width: 960 });
    expect(cardSize(600, 4)).toMatchObject({ width: 960 });
  });
});

describe('the card thumbnail a screen will ask for, predicted from its width', () => {
  it('is what a card of the grid on that screen asks for (tests/e2e/projects/first-screen.spec.ts lays them out)', () => {
    // a 390 px phone: one column, 358 px cards (356 px pictures)
    expect(predictedCardSize(390, 1)).toEqual(cardSize(356, 1));
    expect(predictedCardSize(390, 1.75)).toMatchObject({ width: 720 });
    expect(predictedCardSize(390, 3)).toMatchObject({ width: 960 });
    // a 1440 px desktop beside the sidebar: three columns of 360 px cards
    expect(predictedCardSize(1440, 1)).toEqual(cardSize(358, 1));
    expect(predictedCardSize(1440, 2)).toMatchObject({ width: 720 });
    // a wide screen: cards stop at 413 px
    expect(predictedCardSize(2560, 1)).toEqual(cardSize(411, 1));
    // a small tablet, two columns
    expect(predictedCardSize(700, 1)).toEqual(cardSize((700 - 32 - 16) / 2 - 2, 1));
  });

  it('comes with the number of cards in the first two rows, what the server signs with the list', () => {
    expect(cardThumbnails(null, 390, 2).first).toBe(2);
    expect(cardThumbnails(null, 700, 1).first).toBe(4);
    expect(cardThumbnails(null, 1440, 1).first).toBe(6);
    expect(cardThumbnails(null, 1800, 1).first).toBe(6);
  });
});

describe("a fix request's result", () => {
  const fix = {
    status: 'completed',
    result_path: 'u/p/fix-1.png',
    result_watermarked_path: 'u/p/fix-1.png',
  };

  it('follows the plan like a generated image: clean when paid, the watermarked copy when free', () => {
    expect(fixResultSource(fix, true)).toEqual({ bucket: 'generated', path: 'u/p/fix-1.png' });
    expect(fixResultSource(fix, false)).toEqual({ bucket: 'watermarked', path: 'u/p/fix-1.png' });
    expect(fixResultSource(fix, undefined)).toEqual({ bucket: 'watermarked', path: 'u/p/fix-1.png' });
  });

  it('is nothing until the fix is completed', () => {
    for (const status of ['pending', 'processing', 'rejected'])
      expect(fixResultSource({ ...fix, status }, true)).toBeNull();
    expect(
      fixResultSource({ status: 'completed', result_path: null, result_watermarked_path: null }, true),
    ).toBeNull();
  });
});

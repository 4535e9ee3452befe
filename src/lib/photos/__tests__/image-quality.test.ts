// How well the prepared photo is encoded: the highest quality of the ladder within the byte
// budget, found in three encodings rather than six.
import { describe, expect, it } from 'vitest';
import { BYTE_BUDGET, encodeWithinBudget, QUALITY_LADDER } from '../limits.ts';

/** An encoder whose output shrinks with the quality as a JPEG does: `atBest` bytes at 0.9. */
function fakeEncoder(atBest: number) {
  const asked: number[] = [];
  const encode = async (quality: number) => {
    asked.push(quality);
    return { size: Math.round(atBest * (quality / 0.9) ** 3), quality };
  };
  return { asked, encode };
}

describe('encodeWithinBudget', () => {
  it('keeps the best quality when the photo already fits', async () => {
    const { encode } = fakeEncoder(200_000);
    const r = await encodeWithinBudget(QUALITY_LADDER, 250_000, encode);
    expect(r.quality).toBe(0.9);
    expect(r.encoded.size).toBe(200_000);
  });

  it('chooses the highest quality that fits, for every place the budget can fall', async () => {
    for (const atBest of [240_000, 300_000, 380_000, 480_000, 620_000, 780_000, 1_500_000]) {
      const { asked, encode } = fakeEncoder(atBest);
      const r = await encodeWithinBudget(QUALITY_LADDER, BYTE_BUDGET, encode);
      const sizes = await Promise.all(QUALITY_LADDER.map((q) => fakeEncoder(atBest).encode(q)));
      const fitting = sizes.find((s) => s.size <= BYTE_BUDGET);
      expect(r.quality).toBe(fitting?.quality ?? 0.6);
      expect(r.encoded.quality).toBe(r.quality);
      expect(asked.length).toBeLessThanOrEqual(3);
    }
  });

  it('keeps the lowest rung when nothing fits, encoding it once', async () => {
    const { asked, encode } = fakeEncoder(5_000_000);
    const r = await encodeWithinBudget(QUALITY_LADDER, BYTE_BUDGET, encode);
    expect(r.quality).toBe(0.6);
    expect(asked.filter((q) => q === 0.6)).toHaveLength(1);
  });
});

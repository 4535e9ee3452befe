import { describe, expect, it } from 'vitest';
import { SLIDER_VALUES, snapCredits } from '../credit-slider.ts';

describe('credit slider', () => {
  it('offers 25 to 500 in steps of 25 without 350 and 375', () => {
    expect(SLIDER_VALUES[0]).toBe(25);
    expect(SLIDER_VALUES.at(-1)).toBe(500);
    expect(SLIDER_VALUES).not.toContain(350);
    expect(SLIDER_VALUES).not.toContain(375);
    expect(SLIDER_VALUES).toHaveLength(18);
  });

  it('snaps 350 to 325 and 375 to 400, and keeps values in range', () => {
    expect(snapCredits(350)).toBe(325);
    expect(snapCredits(375)).toBe(400);
    expect(snapCredits(0)).toBe(25);
    expect(snapCredits(9999)).toBe(500);
    expect(snapCredits(212)).toBe(200);
    expect(snapCredits(Number.NaN)).toBe(25);
  });
});

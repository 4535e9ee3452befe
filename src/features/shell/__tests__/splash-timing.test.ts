import { describe, expect, it } from 'vitest';
import { msUntilSplashEnds, SPLASH_MS } from '../components/splash-timing.ts';

describe('splash timing', () => {
  it('lasts the spec’s 2.5 s', () => {
    expect(SPLASH_MS).toBe(2500);
  });

  it('covers a first screen that is ready early until 2.5 s after navigation start', () => {
    expect(msUntilSplashEnds(900, 900)).toBe(1600);
    expect(msUntilSplashEnds(2000, 1200)).toBe(500);
  });

  it('ends as soon as a first screen that is ready late has rendered', () => {
    expect(msUntilSplashEnds(4100, 4100)).toBe(0);
  });

  it('never waits a negative time once its moment has passed', () => {
    expect(msUntilSplashEnds(3000, 1000)).toBe(0);
  });
});

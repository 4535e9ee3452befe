import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPictures, HOLD_AT_MOST_MS, holdForFirstPictures } from '../first-pictures.ts';

describe('work that waits for the first pictures', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at once when no screen holds it back', () => {
    const ran = vi.fn();
    afterFirstPictures(ran);
    expect(ran).toHaveBeenCalledOnce();
  });

  it('runs once every hold is released, once', () => {
    const ran = vi.fn();
    const first = holdForFirstPictures();
    const second = holdForFirstPictures();
    afterFirstPictures(ran);
    first();
    first();
    expect(ran).not.toHaveBeenCalled();
    second();
    expect(ran).toHaveBeenCalledOnce();
    second();
    expect(ran).toHaveBeenCalledOnce();
  });

  it('does not wait for a picture that never comes', () => {
    vi.useFakeTimers();
    const ran = vi.fn();
    holdForFirstPictures();
    afterFirstPictures(ran);
    vi.advanceTimersByTime(HOLD_AT_MOST_MS - 1);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ran).toHaveBeenCalledOnce();
  });
});

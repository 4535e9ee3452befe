// @vitest-environment happy-dom
// An app left open, or resumed on a phone, looks for a new version: hourly and on return.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_CHECK_MS, checkForUpdates } from '../sw-registration.ts';

afterEach(() => vi.useRealTimers());

describe('service worker update checks', () => {
  it('checks every hour and when the app becomes visible again, not when it is hidden', async () => {
    vi.useFakeTimers();
    const update = vi.fn(() => Promise.resolve());
    const stop = checkForUpdates(update);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    expect(update).toHaveBeenCalledTimes(1);

    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(update).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(update).toHaveBeenCalledTimes(2);

    stop();
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(update).toHaveBeenCalledTimes(2);
  });
  it('a failed check (offline) is quietly left for the next occasion', async () => {
    const update = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const stop = checkForUpdates(update);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await Promise.resolve();
    expect(update).toHaveBeenCalledTimes(1);
    stop();
  });
});

// The catalogue's cards offline: only precached sizes are offered, and a list never loaded on
// this device is told apart from one that is loading or failed for another reason.
import { describe, expect, it } from 'vitest';
import { variantSrcSet } from '../components/catalogue-image.tsx';
import { catalogueLoad } from '../components/catalogue-load-state.tsx';

const offline = Object.assign(new TypeError('Failed to fetch'), {});

describe('catalogue card sizes', () => {
  it('offers the two precached sizes only, so every pixel ratio picks one of them', () => {
    expect(variantSrcSet('/catalogue/models/lena/01.webp')).toBe(
      '/catalogue/models/lena/01.w480.webp 480w, /catalogue/models/lena/01.w768.webp 768w',
    );
  });
  it('leaves pictures outside the catalogue alone', () => {
    expect(variantSrcSet('https://example.com/a.webp')).toBeUndefined();
    expect(variantSrcSet('/catalogue/models/lena/01.jpg')).toBeUndefined();
  });
});

describe('catalogue list state', () => {
  it('loading while the first fetch runs', () => {
    expect(
      catalogueLoad({
        data: undefined,
        isError: false,
        error: null,
        fetchStatus: 'fetching',
        failureReason: null,
      }),
    ).toBe('loading');
  });
  it('never loaded: offline before the first fetch (paused) or the fetch got no answer', () => {
    expect(
      catalogueLoad({
        data: undefined,
        isError: false,
        error: null,
        fetchStatus: 'paused',
        failureReason: null,
      }),
    ).toBe('never-loaded');
    expect(
      catalogueLoad({
        data: undefined,
        isError: true,
        error: offline,
        fetchStatus: 'idle',
        failureReason: offline,
      }),
    ).toBe('never-loaded');
    // the first try failed without an answer, the retry is still to come
    expect(
      catalogueLoad({
        data: undefined,
        isError: false,
        error: null,
        fetchStatus: 'fetching',
        failureReason: offline,
      }),
    ).toBe('never-loaded');
  });
  it('failed: the server answered with an error', () => {
    const err = Object.assign(new Error('permission denied'), { code: '42501', details: '', hint: '' });
    expect(
      catalogueLoad({ data: undefined, isError: true, error: err, fetchStatus: 'idle', failureReason: err }),
    ).toBe('failed');
  });
  it('ready: cached data shows even when a refresh got no answer', () => {
    expect(
      catalogueLoad({ data: [], isError: true, error: offline, fetchStatus: 'idle', failureReason: offline }),
    ).toBe('ready');
    expect(
      catalogueLoad({ data: [], isError: false, error: null, fetchStatus: 'idle', failureReason: null }),
    ).toBe('ready');
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endSplashWhenReady, type SplashClock } from '../components/splash.ts';

/** A clock that moves only when the splash waits, and records how long each wait was. */
function fakeClock(start: number) {
  let now = start;
  const waits: number[] = [];
  const clock: SplashClock = {
    now: () => now,
    async wait(ms) {
      waits.push(ms);
      now += ms;
    },
  };
  return { clock, waits, setNow: (t: number) => (now = t) };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  document.body.innerHTML =
    '<div id="splash" role="status" aria-label="Welcome to Drape"></div><div id="root"></div>';
  sessionStorage.clear();
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('the splash of index.html', () => {
  it('stays until 2.5 s after navigation start when the first screen is ready sooner, then fades and goes', async () => {
    const { clock, waits, setNow } = fakeClock(300);
    const ready = deferred();
    const done = endSplashWhenReady(ready.promise, clock);
    setNow(1100);
    ready.resolve();
    await Promise.resolve();
    expect(document.getElementById('splash')).not.toBeNull();
    await done;
    expect(waits[0]).toBe(1400);
    expect(document.getElementById('splash')).toBeNull();
    expect(sessionStorage.getItem('drape.splashSeen')).toBe('1');
  });

  it('stays until the first screen is ready when that takes longer than 2.5 s', async () => {
    const { clock, waits, setNow } = fakeClock(300);
    const ready = deferred();
    const done = endSplashWhenReady(ready.promise, clock);
    setNow(4200);
    ready.resolve();
    await done;
    expect(waits[0]).toBe(0);
    expect(document.getElementById('splash')).toBeNull();
  });

  it('lets taps through while it fades', async () => {
    const splash = document.getElementById('splash')!;
    let classDuringFade = '';
    const clock: SplashClock = {
      now: () => 3000,
      async wait(ms) {
        if (ms > 0) classDuringFade = splash.className;
      },
    };
    await endSplashWhenReady(Promise.resolve(), clock);
    expect(classDuringFade).toContain('splash-leaving');
  });

  it('also ends when the first screen failed, so the error shown is not hidden', async () => {
    const { clock } = fakeClock(3000);
    await endSplashWhenReady(Promise.reject(new Error('chunk failed')), clock);
    expect(document.getElementById('splash')).toBeNull();
  });

  it('does nothing when this session has already seen it (index.html removed it)', async () => {
    document.getElementById('splash')!.remove();
    const { clock, waits } = fakeClock(100);
    await endSplashWhenReady(new Promise(() => {}), clock);
    expect(waits).toEqual([]);
    expect(sessionStorage.getItem('drape.splashSeen')).toBeNull();
  });
});

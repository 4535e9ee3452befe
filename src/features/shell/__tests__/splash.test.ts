// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endSplashWhenReady, SPLASH_LIMIT_MS, type SplashClock } from '../components/splash.ts';

/** A clock whose time moves only when the test says so; waits end when their time comes. */
function fakeClock(start: number) {
  let now = start;
  const timers: { at: number; resolve: () => void }[] = [];
  const clock: SplashClock = {
    now: () => now,
    wait: (ms) => new Promise<void>((resolve) => timers.push({ at: now + ms, resolve })),
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    clock,
    /** Moves time to t, ending every wait due by then (also those started on the way). */
    async advanceTo(t: number) {
      await settle();
      now = t;
      for (let due = timers.filter((x) => x.at <= t); due.length > 0; due = timers.filter((x) => x.at <= t)) {
        for (const timer of due) {
          timers.splice(timers.indexOf(timer), 1);
          timer.resolve();
        }
        await settle();
      }
    },
  };
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

const splash = () => document.getElementById('splash');
const leaving = () => !!splash()?.classList.contains('splash-leaving');

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
    const { clock, advanceTo } = fakeClock(300);
    const ready = deferred();
    const done = endSplashWhenReady(ready.promise, clock);
    await advanceTo(1100);
    ready.resolve();
    await advanceTo(2499);
    expect(leaving()).toBe(false);
    expect(sessionStorage.getItem('drape.splashSeen')).toBeNull();
    await advanceTo(2500);
    // Taps reach the screen while it fades (splash-leaving sets pointer-events: none).
    expect(leaving()).toBe(true);
    expect(sessionStorage.getItem('drape.splashSeen')).toBe('1');
    await advanceTo(2820);
    await done;
    expect(splash()).toBeNull();
  });

  it('stays until the first screen is ready when that takes longer than 2.5 s', async () => {
    const { clock, advanceTo } = fakeClock(300);
    const ready = deferred();
    const done = endSplashWhenReady(ready.promise, clock);
    await advanceTo(4200);
    expect(leaving()).toBe(false);
    ready.resolve();
    // in the same task: no timer between the screen's mount and the fade
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(leaving()).toBe(true);
    await advanceTo(4600);
    await done;
    expect(splash()).toBeNull();
  });

  it('also ends when the first screen failed, so the error shown is not hidden', async () => {
    const { clock, advanceTo } = fakeClock(3000);
    const done = endSplashWhenReady(Promise.reject(new Error('chunk failed')), clock);
    await advanceTo(3000);
    expect(leaving()).toBe(true);
    await advanceTo(3400);
    await done;
    expect(splash()).toBeNull();
  });

  it('never stays past its limit, whatever the first screen does', async () => {
    const { clock, advanceTo } = fakeClock(300);
    const done = endSplashWhenReady(new Promise(() => {}), clock);
    await advanceTo(SPLASH_LIMIT_MS - 1);
    expect(leaving()).toBe(false);
    await advanceTo(SPLASH_LIMIT_MS);
    expect(leaving()).toBe(true);
    await advanceTo(SPLASH_LIMIT_MS + 400);
    await done;
    expect(splash()).toBeNull();
  });

  it('does nothing when this session has already seen it (index.html removed it)', async () => {
    splash()!.remove();
    const { clock } = fakeClock(100);
    await endSplashWhenReady(new Promise(() => {}), clock);
    expect(sessionStorage.getItem('drape.splashSeen')).toBeNull();
  });
});

// Ends the static splash of index.html: it is painted with the page, before any script, and
// stays until the rule in splash-timing.ts says so. Then it records that this browser session
// has seen it, fades out (letting taps through at once) and leaves the document.
import { msg } from '@lingui/core/macro';
import { STORAGE_KEYS } from '../../../lib/local-settings.ts';
import { msUntilSplashEnds } from './splash-timing.ts';

/** The splash's words. index.html writes them out in each language, since it paints before
 *  Lingui loads; splash-markup.test.ts holds it to the catalogues. */
export const SPLASH_WORDS = {
  label: msg`Welcome to Drape`,
  tagline: msg`Fashion imagery, made for sellers.`,
};

const FADE_MS = 320;
/** However the first screen fares, the splash leaves by then (ms since navigation start): a
 *  screen still loading shows its own state rather than a welcome that never ends. */
export const SPLASH_LIMIT_MS = 10_000;

export interface SplashClock {
  /** ms since navigation start */
  now(): number;
  wait(ms: number): Promise<void>;
}

const browserClock: SplashClock = {
  now: () => performance.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

function markSeen() {
  try {
    sessionStorage.setItem(STORAGE_KEYS.splashSeen, '1');
  } catch {
    /* storage blocked: index.html then skips the splash anyway */
  }
}

/** Resolves once the splash has gone (at once when this session has already seen it). */
export async function endSplashWhenReady(
  firstScreenReady: Promise<unknown>,
  clock: SplashClock = browserClock,
): Promise<void> {
  const splash = document.getElementById('splash');
  if (!splash) return;
  // Even if the first screen failed, what shows instead (an error page) must not stay hidden.
  await Promise.race([
    firstScreenReady.catch(() => undefined),
    clock.wait(Math.max(0, SPLASH_LIMIT_MS - clock.now())),
  ]);
  const readyAt = clock.now();
  const rest = msUntilSplashEnds(readyAt, readyAt);
  // A screen ready after the splash's time starts the fade in the task that mounted it (the
  // gate tells in its commit), so the frame that first paints the screen lets taps through: a
  // timer, even of 0 ms, waited behind the rest of the mount's work, ~200 ms on a phone.
  if (rest > 0) await clock.wait(rest);
  markSeen();
  splash.classList.add('splash-leaving');
  await clock.wait(FADE_MS);
  splash.remove();
}

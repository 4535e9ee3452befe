// The splash's one rule (spec 1, "Splash"): a welcome shown for 2.5 seconds. It covers the
// app's loading rather than adding to it, so it ends 2.5 s after navigation start or when the
// first screen is ready, whichever is later.
export const SPLASH_MS = 2500;

/** How long from `now` until the splash ends; all times in ms since navigation start. */
export function msUntilSplashEnds(now: number, firstScreenReadyAt: number, minimumMs = SPLASH_MS): number {
  return Math.max(0, Math.max(minimumMs, firstScreenReadyAt) - now);
}

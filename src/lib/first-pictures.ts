import { useCallback, useLayoutEffect, useRef } from 'react';
// Work that can wait for the first screen's pictures: the service worker's precache (the app
// shell, fonts and catalogue cards, several MB) and the catalogue kept on the device. Started
// while a phone still downloads the picture a screen is judged by (/projects' first card, its
// largest paint), it shares the slow link with it. A screen whose first paint is a picture
// holds that work back until the picture has shown (or failed); the hold gives way by itself
// after HOLD_AT_MOST_MS, so a picture that never comes does not keep the app from working
// offline.

export const HOLD_AT_MOST_MS = 10_000;

let holds = 0;
let waiting: (() => void)[] = [];

function settle() {
  if (holds > 0) return;
  const run = waiting;
  waiting = [];
  for (const fn of run) fn();
}

/** Holds back `afterFirstPictures` work until the returned release is called (once is enough). */
export function holdForFirstPictures(): () => void {
  holds++;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    holds--;
    settle();
  };
  const timer = setTimeout(release, HOLD_AT_MOST_MS);
  return release;
}

/** Runs `fn` once no screen holds its first pictures back (at once when none does). */
export function afterFirstPictures(fn: () => void): void {
  waiting.push(fn);
  settle();
}

/** A screen's hold (taken as it mounts, released as it unmounts): call the result once its
 *  first pictures have shown, or it knows it has none. */
export function useHoldForFirstPictures(): () => void {
  const release = useRef<(() => void) | null>(null);
  // taken as the screen is put on the page, before main.tsx looks (after the first render)
  useLayoutEffect(() => {
    const own = holdForFirstPictures();
    release.current = own;
    return own;
  }, []);
  return useCallback(() => release.current?.(), []);
}

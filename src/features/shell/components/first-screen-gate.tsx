// Under the splash, the first screen mounts in a transition. The router renders a screen it
// has loaded in one synchronous update, which React cannot split: /home's shell and page were
// one task of 866 ms on a phone's CPU (Chromium at 4×), the page frozen meanwhile (the splash's
// timers, the service worker's registration). Behind this gate that update renders nothing,
// and the screen follows as a transition, which React renders in slices of a few milliseconds,
// letting the browser in between. The splash hides the screen meanwhile, so slicing costs the
// seller nothing there. Without the splash (a later visit in the session) the seller is waiting
// for the screen itself and it renders in one go: slicing made it ~150 ms later to be usable
// (bench/app-first-screen, repeat visits of /login and /home). Only the page's first screen:
// later ones mount as usual, so navigating never shows an empty frame.
import { type ReactNode, startTransition, useLayoutEffect, useState } from 'react';

let opened = false;
let markMounted: () => void;
/** Resolves once the first screen has mounted (the splash waits for it). */
export const firstScreenMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function FirstScreenGate({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(() => opened || !document.getElementById('splash'));
  // In the commit, before the browser paints: the splash can then leave in the very frame that
  // first shows the screen. (Passive effects ran after the whole screen's own effects, the
  // realtime channels and observers among them: one more long task on a phone.)
  useLayoutEffect(() => {
    if (!open) {
      startTransition(() => setOpen(true));
      return;
    }
    opened = true;
    markMounted();
  }, [open]);
  return open ? children : null;
}

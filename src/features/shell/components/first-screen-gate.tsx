// The first screen mounts in a transition. The router renders a screen it has loaded in one
// synchronous update, which React cannot split: /home's shell and page were one task of 866 ms
// on a phone's CPU (Chromium at 4×), the phone frozen meanwhile. Behind this gate that update
// renders nothing, and the screen follows as a transition, which React renders in slices of a
// few milliseconds, letting the browser in between. Only the page's first screen: later ones
// mount as usual, so navigating never shows an empty frame.
import { type ReactNode, startTransition, useEffect, useState } from 'react';

let opened = false;
let markMounted: () => void;
/** Resolves once the first screen has mounted (the splash waits for it). */
export const firstScreenMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function FirstScreenGate({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(opened);
  useEffect(() => {
    if (!open) {
      startTransition(() => setOpen(true));
      return;
    }
    opened = true;
    markMounted();
  }, [open]);
  return open ? children : null;
}

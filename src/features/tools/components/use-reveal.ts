import { type RefObject, useEffect } from 'react';

/**
 * Brings a panel into view when `when` turns true on a one-column layout (phones, small
 * tablets), where a result appears below what the seller was looking at.
 */
export function useReveal(ref: RefObject<HTMLElement | null>, when: boolean) {
  useEffect(() => {
    if (!when || !ref.current || !window.matchMedia('(max-width: 1023.98px)').matches) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    ref.current.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
  }, [ref, when]);
}

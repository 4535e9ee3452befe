// Open on hover, close a moment after the pointer leaves (spec: 300 ms), so moving from the
// trigger to the panel does not close it. Clicks and keys still toggle it.
//
// Only a mouse hovers: a tap on a phone also sends enter events just before its click, and if
// those opened the panel the click would close it again at once. A click on a panel the mouse
// has just opened keeps it open (the seller clicked to see it), a second click closes it. The
// open state is also kept in a ref so a click landing before React re-renders after the hover
// still sees the panel as open.
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';

export const HOVER_CLOSE_DELAY_MS = 300;

type Pointer = Pick<PointerEvent, 'pointerType'>;

export function useHoverMenu(closeDelay = HOVER_CLOSE_DELAY_MS) {
  const [open, setOpenState] = useState(false);
  const openRef = useRef(false);
  const openedByHover = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClose = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const apply = useCallback((next: boolean, byHover: boolean) => {
    openRef.current = next;
    openedByHover.current = next && byHover;
    setOpenState(next);
  }, []);

  /** Escape, a click outside, a link in the panel. */
  const setOpen = useCallback(
    (next: boolean) => {
      cancelClose();
      apply(next, false);
    },
    [cancelClose, apply],
  );

  /** The trigger's click: opens or closes, except that it keeps open a panel hover just opened. */
  const toggle = useCallback(() => {
    cancelClose();
    if (openRef.current && openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    apply(!openRef.current, false);
  }, [cancelClose, apply]);

  const onPointerEnter = useCallback(
    (e: Pointer) => {
      if (e.pointerType !== 'mouse') return;
      cancelClose();
      if (!openRef.current) apply(true, true);
    },
    [cancelClose, apply],
  );

  const onPointerLeave = useCallback(
    (e: Pointer) => {
      if (e.pointerType !== 'mouse') return;
      cancelClose();
      timer.current = setTimeout(() => {
        timer.current = null;
        apply(false, false);
      }, closeDelay);
    },
    [cancelClose, apply, closeDelay],
  );

  useEffect(() => cancelClose, [cancelClose]);

  return { open, setOpen, toggle, hoverProps: { onPointerEnter, onPointerLeave } };
}

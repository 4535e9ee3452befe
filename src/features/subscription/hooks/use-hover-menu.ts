// Open on hover, close a moment after the pointer leaves (spec: 300 ms), so moving from the
// trigger to the panel does not close it. Clicks and keys still toggle it.
import { useCallback, useEffect, useRef, useState } from 'react';

export const HOVER_CLOSE_DELAY_MS = 300;

export function useHoverMenu(closeDelay = HOVER_CLOSE_DELAY_MS) {
  const [open, setOpenState] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClose = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const setOpen = useCallback(
    (next: boolean) => {
      cancelClose();
      setOpenState(next);
    },
    [cancelClose],
  );

  const onMouseEnter = useCallback(() => {
    cancelClose();
    setOpenState(true);
  }, [cancelClose]);

  const onMouseLeave = useCallback(() => {
    cancelClose();
    timer.current = setTimeout(() => {
      timer.current = null;
      setOpenState(false);
    }, closeDelay);
  }, [cancelClose, closeDelay]);

  useEffect(() => cancelClose, [cancelClose]);

  return { open, setOpen, hoverProps: { onMouseEnter, onMouseLeave } };
}

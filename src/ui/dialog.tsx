// A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert
// (focus stays inside), Escape closes it, and focus returns to what opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Icon } from './icons.tsx';
import * as s from './dialog.css.ts';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'normal' | 'wide' | 'extraWide';
  /** Role alertdialog for confirmations that need an answer. */
  alert?: boolean;
  /** Hide the close button (the footer offers the ways out). */
  hideClose?: boolean;
}

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'normal',
  alert,
  hideClose,
}: DialogProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      const opener = document.activeElement as HTMLElement | null;
      el.showModal();
      return () => {
        if (el.open) el.close();
        opener?.focus?.();
      };
    }
    if (!open && el.open) el.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape (onCancel) is the keyboard way
    <dialog
      ref={ref}
      className={[s.dialog, size === 'wide' ? s.wide : size === 'extraWide' ? s.extraWide : undefined]
        .filter(Boolean)
        .join(' ')}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onCloseRef.current();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      {open && (
        <div className={s.inner}>
          <div className={s.header}>
            <div>
              <h2 id={titleId} className={s.title}>
                {title}
              </h2>
              {description && (
                <p id={descId} className={s.description}>
                  {description}
                </p>
              )}
            </div>
            {!hideClose && (
              <button type="button" className={s.close} onClick={onClose} aria-label={t`Close`}>
                <Icon name="close" />
              </button>
            )}
          </div>
          {children}
          {footer && <div className={s.footer}>{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

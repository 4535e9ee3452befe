// A trigger and a floating panel. Escape and a click outside close it (focus returns to the
// trigger); with role "menu" the arrow keys move between the items.
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import * as s from './dropdown.css.ts';

export interface TriggerProps {
  ref: Ref<HTMLButtonElement>;
  id: string;
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-haspopup': 'menu' | 'dialog';
  onClick: () => void;
  onKeyDown: (e: KeyboardEvent) => void;
}

interface DropdownProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'role'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: (props: TriggerProps) => ReactNode;
  children: ReactNode;
  role?: 'menu' | 'dialog';
  label: string;
  align?: 'start' | 'end';
  panelClassName?: string;
  /** Shown above the menu items (not part of the menu). */
  header?: ReactNode;
}

const ITEM = '[role="menuitem"]:not([aria-disabled="true"])';

export function Dropdown({
  open,
  onOpenChange,
  trigger,
  children,
  role = 'menu',
  label,
  align = 'end',
  panelClassName,
  header,
  ...rootProps
}: DropdownProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);
  const id = useId();

  const close = useCallback(
    (returnFocus: boolean) => {
      onOpenChange(false);
      if (returnFocus) triggerRef.current?.focus();
    },
    [onOpenChange],
  );

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    if (focusFirst.current && role === 'menu') panelRef.current?.querySelector<HTMLElement>(ITEM)?.focus();
    focusFirst.current = false;
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, close, role]);

  const onPanelKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close(true);
      return;
    }
    if (role !== 'menu') return;
    const items = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(ITEM) ?? []);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const to =
      e.key === 'ArrowDown'
        ? (at + 1) % items.length
        : e.key === 'ArrowUp'
          ? (at - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : null;
    if (to === null || items.length === 0) return;
    e.preventDefault();
    items[to].focus();
  };

  const triggerProps: TriggerProps = {
    ref: triggerRef,
    id: `${id}-trigger`,
    'aria-expanded': open,
    'aria-controls': `${id}-panel`,
    'aria-haspopup': role,
    onClick: () => onOpenChange(!open),
    onKeyDown: (e) => {
      if (e.key === 'Escape' && open) close(true);
      if ((e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') && !open && role === 'menu') {
        focusFirst.current = true;
        if (e.key === 'ArrowDown') {
          e.preventDefault();
          onOpenChange(true);
        }
      }
    },
  };

  return (
    <div ref={rootRef} className={s.root} {...rootProps}>
      {trigger(triggerProps)}
      {open && (
        // biome-ignore lint/a11y/noStaticElementInteractions: handles arrow keys bubbling up from the items inside
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-label is set only together with role="dialog"
        <div
          ref={panelRef}
          id={`${id}-panel`}
          role={role === 'dialog' ? 'dialog' : undefined}
          aria-label={role === 'dialog' ? label : undefined}
          className={[s.panel, s.align[align], panelClassName].filter(Boolean).join(' ')}
          onKeyDown={onPanelKeyDown}
        >
          {header}
          {role === 'menu' ? (
            <div role="menu" aria-label={label} className={s.menuList}>
              {children}
            </div>
          ) : (
            children
          )}
        </div>
      )}
    </div>
  );
}

export const menuItemClass = s.item;
export const menuSeparatorClass = s.separator;

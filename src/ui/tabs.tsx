// WAI-ARIA tabs: arrow keys move between tabs and select them; Home/End jump to the ends.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import * as s from './tabs.css.ts';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  content: ReactNode;
}

interface TabsProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  items: TabItem<V>[];
  label: string;
  listClassName?: string;
}

export function Tabs<V extends string>({ value, onChange, items, label, listClassName }: TabsProps<V>) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    onChange(items[next].value);
    refs.current[next]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className={[s.list, listClassName].filter(Boolean).join(' ')}>
        {items.map((item, i) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.value}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${item.value}`}
              tabIndex={selected ? 0 : -1}
              className={s.tab}
              onClick={() => onChange(item.value)}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        item.value === value ? (
          <div
            key={item.value}
            role="tabpanel"
            id={`${base}-panel-${item.value}`}
            aria-labelledby={`${base}-tab-${item.value}`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes the panel focusable
            tabIndex={0}
            className={s.panel}
          >
            {item.content}
          </div>
        ) : null,
      )}
    </>
  );
}

import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ProjectIcon } from './project-icon.tsx';
import * as s from './search-box.css.ts';

/** The projects search: name, type or status, any case (spec 2 §2). */
export function SearchBox({
  value,
  onChange,
  found,
  total,
}: {
  value: string;
  onChange: (v: string) => void;
  found: number;
  total: number;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <search className={s.wrap}>
      <div className={s.field}>
        <ProjectIcon name="search" size={18} className={s.icon} />
        <input
          id={id}
          type="search"
          className={s.input}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-label={t`Search projects`}
          placeholder={t`Search by name, type or status`}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      {value.trim() && (
        <span className={s.count} aria-live="polite">
          {t`Showing ${found} of ${total}`}
        </span>
      )}
    </search>
  );
}

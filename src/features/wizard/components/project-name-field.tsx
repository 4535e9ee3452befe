import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../../ui/index.ts';
import * as s from './summary.css.ts';

interface ProjectNameFieldProps {
  name: string;
  onRename: (name: string) => void;
}

/** The project name, edited in place: click, type, Enter or leaving the field finishes;
 *  Escape puts it back. An empty name keeps the one before. */
export function ProjectNameField({ name, onRename }: ProjectNameFieldProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const cancelled = useRef(false);

  const finish = () => {
    setEditing(false);
    if (cancelled.current) {
      cancelled.current = false;
      return;
    }
    const next = value.trim();
    if (next && next !== name) onRename(next);
  };

  if (editing) {
    return (
      <input
        className={s.nameInput}
        value={value}
        maxLength={120}
        aria-label={t`Project name`}
        // biome-ignore lint/a11y/noAutofocus: the seller clicked the name to edit it
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => setValue(e.currentTarget.value)}
        onBlur={finish}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
          if (e.key === 'Escape') {
            e.preventDefault();
            cancelled.current = true;
            e.currentTarget.blur();
          }
        }}
      />
    );
  }
  return (
    <button
      type="button"
      className={s.nameButton}
      onClick={() => {
        setValue(name);
        setEditing(true);
      }}
      aria-label={t`Project name: ${name}. Click to rename`}
    >
      <span className={s.nameText}>{name}</span>
      <Icon name="pencil" size={18} />
      <span className={s.srOnly}>
        <Trans>Rename</Trans>
      </span>
    </button>
  );
}

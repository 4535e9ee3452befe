import { useId, type ReactNode } from 'react';
import * as s from './switch.css.ts';

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
}

export function Switch({ checked, onChange, label, description }: SwitchProps) {
  const id = useId();
  return (
    <div className={s.row}>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-desc` : undefined}
        className={s.track}
        onClick={() => onChange(!checked)}
      />
      <label htmlFor={id}>
        <span id={`${id}-label`} className={s.labelText}>
          {label}
        </span>
        {description && (
          <span id={`${id}-desc`} className={s.desc}>
            {description}
          </span>
        )}
      </label>
    </div>
  );
}

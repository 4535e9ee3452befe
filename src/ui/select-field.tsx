import { type ReactNode, useId } from 'react';
import * as s from './select-field.css.ts';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

/** A labelled native select, the label above it; classes given are added to the field's own look. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  className,
  labelClassName,
}: {
  label: ReactNode;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  className?: string;
  labelClassName?: string;
}) {
  const id = useId();
  return (
    <label className={labelClassName ? `${s.label} ${labelClassName}` : s.label} htmlFor={id}>
      {label}
      <select
        id={id}
        className={className ? `${s.select} ${className}` : s.select}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as V)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

import * as s from './spinner.css.ts';

export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  return (
    <span
      className={s.spinner}
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

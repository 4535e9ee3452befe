import * as s from './spinner.css.ts';

export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  const box = { width: size, height: size };
  return label ? (
    <span className={s.spinner} style={box} role="status" aria-label={label} />
  ) : (
    <span className={s.spinner} style={box} aria-hidden={true} />
  );
}

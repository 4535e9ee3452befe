import { forwardRef, type ButtonHTMLAttributes } from 'react';
import * as s from './button.css.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = keyof typeof s.variant;
export type ButtonSize = keyof typeof s.size;

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** Class names for anything that should look like a button (links included). */
export function buttonClass(
  { variant = 'primary', size = 'md', block = false }: ButtonStyleProps = {},
  extra?: string,
) {
  return [s.base, s.variant[variant], s.size[size], block && s.block, extra].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleProps {
  loading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, block, loading = false, className, children, type = 'button', disabled, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClass({ variant, size, block }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size={16} />}
      {children}
    </button>
  );
});

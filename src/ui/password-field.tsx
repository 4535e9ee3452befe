import { forwardRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TextField, type TextFieldProps } from './field.tsx';
import { Icon } from './icons.tsx';
import { trailing } from './field.css.ts';

/** A password input with a show/hide toggle that says what it does to screen readers. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'trailing'>>(
  function PasswordField(props, ref) {
    const { t } = useLingui();
    const [visible, setVisible] = useState(false);
    return (
      <TextField
        ref={ref}
        {...props}
        type={visible ? 'text' : 'password'}
        trailing={
          <button
            type="button"
            className={trailing}
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? t`Hide password` : t`Show password`}
          >
            <Icon name={visible ? 'eyeOff' : 'eye'} />
          </button>
        }
      />
    );
  },
);

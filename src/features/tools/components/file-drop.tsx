import { type ReactNode, useRef, useState, type DragEvent } from 'react';
import { Button, Icon, Spinner } from '../../../ui/index.ts';
import * as s from './tools.css.ts';

interface FileDropProps {
  label: string;
  title: ReactNode;
  hint: ReactNode;
  button: ReactNode;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** what is being read right now (shown with a spinner) */
  busy?: ReactNode;
  onFiles: (files: File[]) => void;
  testId?: string;
}

/** Drag and drop or the file picker. */
export function FileDrop({
  label,
  title,
  hint,
  button,
  accept,
  multiple,
  disabled,
  busy,
  onFiles,
  testId,
}: FileDropProps) {
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const take = (list: FileList | null) => {
    if (!disabled && list?.length) onFiles([...list]);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  };
  return (
    <section
      className={s.drop}
      data-dragging={dragging}
      aria-label={label}
      aria-disabled={disabled || undefined}
      aria-busy={busy ? true : undefined}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {busy ? (
        <>
          <Spinner size={28} />
          <p className={s.dropTitle} role="status">
            {busy}
          </p>
        </>
      ) : (
        <>
          <span className={s.dropIcon}>
            <Icon name="upload" size={24} />
          </span>
          <p className={s.dropTitle}>{title}</p>
          <p className={s.hint}>{hint}</p>
          <Button variant="secondary" disabled={disabled} onClick={() => picker.current?.click()}>
            <Icon name="image" size={18} />
            {button}
          </Button>
        </>
      )}
      <input
        ref={picker}
        className={s.hiddenInput}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-hidden="true"
        tabIndex={-1}
        data-testid={testId}
        onChange={(e) => {
          take(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
    </section>
  );
}

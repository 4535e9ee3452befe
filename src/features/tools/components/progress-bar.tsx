import { type ReactNode, useId } from 'react';
import * as s from './tools.css.ts';

/** A labelled progress bar (role progressbar with its value). */
export function ProgressBar({
  label,
  percent,
  detail,
}: {
  label: ReactNode;
  percent: number;
  detail?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={s.progress}>
      <div className={s.progressHead}>
        <span id={id}>{label}</span>
        {detail && <span>{detail}</span>}
      </div>
      <div
        className={s.progressTrack}
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={s.progressFill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

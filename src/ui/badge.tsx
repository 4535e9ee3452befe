import type { HTMLAttributes } from 'react';
import * as s from './badge.css.ts';

export type BadgeTone = keyof typeof s.tone;

export function Badge({
  tone = 'neutral',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={[s.base, s.tone[tone], className].filter(Boolean).join(' ')} {...rest} />;
}

import type { CSSProperties } from 'react';
import * as s from './skeleton.css.ts';

/** A placeholder block; wrap a group of them in an element with aria-busy and a label. */
export function Skeleton({
  width = '100%',
  height = 16,
  radius,
  style,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: string;
  style?: CSSProperties;
}) {
  return (
    <span
      className={s.skeleton}
      style={{ width, height, borderRadius: radius, ...style }}
      aria-hidden="true"
    />
  );
}

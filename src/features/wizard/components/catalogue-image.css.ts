import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const image = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
});
export const blurred = style({ filter: 'blur(6px)', transform: 'scale(1.06)' });
export const placeholder = style({
  display: 'grid',
  placeItems: 'center',
  width: '100%',
  height: '100%',
  background: vars.color.surfaceMuted,
  color: vars.color.subtle,
});

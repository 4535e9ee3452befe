import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const page = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '60dvh',
  padding: vars.space['6'],
});
export const full = style({ minHeight: '100dvh' });
export const inner = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['4'],
  maxWidth: '460px',
  textAlign: 'center',
});
export const code = style({
  fontFamily: vars.font.display,
  fontSize: '4.5rem',
  lineHeight: 1,
  color: vars.color.accent,
});
export const title = style({ fontFamily: vars.font.display, fontSize: vars.fontSize['2xl'] });
export const text = style({ color: vars.color.muted });
export const actions = style({
  display: 'flex',
  gap: vars.space['3'],
  flexWrap: 'wrap',
  justifyContent: 'center',
});

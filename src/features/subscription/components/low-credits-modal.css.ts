import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const art = style({
  display: 'grid',
  placeItems: 'center',
  height: '120px',
  borderRadius: vars.radius.lg,
  background: `linear-gradient(135deg, ${vars.color.accentSoft}, ${vars.color.surfaceMuted})`,
  color: vars.color.accentInk,
});

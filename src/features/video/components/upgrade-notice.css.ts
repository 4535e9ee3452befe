import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const notice = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  background: vars.color.accentSoft,
  color: vars.color.accentInk,
});
export const icon = style({
  display: 'grid',
  placeItems: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  flexShrink: 0,
});
export const text = style({ flex: '1 1 240px', display: 'grid', gap: 2, fontSize: vars.fontSize.sm });
export const title = style({ fontWeight: vars.weight.semibold, fontSize: vars.fontSize.md });

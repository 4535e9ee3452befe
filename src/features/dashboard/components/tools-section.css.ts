import { style } from '@vanilla-extract/css';
import { vars, mobile } from '../../../ui/theme.css.ts';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['4'],
  '@media': { [mobile]: { gridTemplateColumns: '1fr' } },
});
export const card = style({
  display: 'grid',
  gridTemplateRows: '140px auto',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  overflow: 'hidden',
  color: vars.color.ink,
  textDecoration: 'none',
  transition: `box-shadow ${vars.motion.normal}, transform ${vars.motion.normal}`,
  selectors: { '&:hover': { boxShadow: vars.shadow.md, transform: 'translateY(-2px)' } },
});
export const art = style({
  display: 'block',
  width: '100%',
  height: '100%',
  background: vars.color.surfaceMuted,
});
export const body = style({ padding: vars.space['4'], display: 'grid', gap: vars.space['1'] });
export const title = style({
  fontWeight: vars.weight.semibold,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});
export const text = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const price = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.accentInk,
  fontWeight: vars.weight.semibold,
});

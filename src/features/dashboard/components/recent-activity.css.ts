import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid' });
export const link = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['2']}`,
  borderRadius: vars.radius.md,
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});
export const icon = style({
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  color: vars.color.inkSoft,
});
export const text = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
  overflowWrap: 'anywhere',
});
export const meta = style({
  display: 'block',
  fontSize: vars.fontSize.xs,
  color: vars.color.muted,
  fontWeight: vars.weight.regular,
});
export const chevron = style({ color: vars.color.subtle });
export const empty = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  padding: `${vars.space['4']} 0`,
});
export const row = style({
  display: 'flex',
  gap: vars.space['3'],
  alignItems: 'center',
  padding: `${vars.space['3']} ${vars.space['2']}`,
});

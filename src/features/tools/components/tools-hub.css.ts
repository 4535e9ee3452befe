import { style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
  gap: vars.space['5'],
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '@media': { [mobile]: { gridTemplateColumns: '1fr', gap: vars.space['4'] } },
});
export const card = style({
  position: 'relative',
  display: 'grid',
  gridTemplateRows: 'auto 1fr auto',
  gap: vars.space['3'],
  padding: vars.space['5'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  height: '100%',
  transition: `box-shadow ${vars.motion.normal}, transform ${vars.motion.normal}`,
  selectors: {
    '&[data-available="true"]:hover': { boxShadow: vars.shadow.md, transform: 'translateY(-2px)' },
    '&[data-available="false"]': { background: vars.color.bg },
  },
});
export const top = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});
export const iconWrap = style({
  display: 'grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.accentInk,
  selectors: {
    [`${card}[data-available="false"] &`]: { background: vars.color.surfaceSunken, color: vars.color.muted },
  },
});
export const badges = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
});
export const name = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.weight.semibold,
  marginBottom: vars.space['1'],
});
export const text = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const footer = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  minHeight: '2.5rem',
});
/** The whole card is the link; the title's link covers it. */
export const stretched = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.lg },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
export const open = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontWeight: vars.weight.semibold,
  fontSize: vars.fontSize.sm,
  color: vars.color.accentInk,
});
export const price = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});
export const lockNote = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});

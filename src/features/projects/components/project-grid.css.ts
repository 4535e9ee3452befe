import { style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const groups = style({ display: 'grid', gap: vars.space['8'] });
export const group = style({ display: 'grid', gap: vars.space['4'] });
export const groupTitle = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space['2'],
  fontSize: vars.fontSize.lg,
  fontWeight: vars.weight.semibold,
});
export const count = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.regular,
});
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 290px), 1fr))',
  gap: vars.space['5'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { [mobile]: { gap: vars.space['4'] } },
});
export const cell = style({ minWidth: 0, display: 'flex', justifyContent: 'center' });
export const more = style({ display: 'flex', justifyContent: 'center', padding: vars.space['4'] });
export const skeletonCard = style({
  display: 'grid',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

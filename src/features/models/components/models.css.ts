import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const page = style({ display: 'grid', gap: vars.space['6'], maxWidth: vars.size.content });
export const form = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['5'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const choices = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
});
/** The describing lists fill their grid cell (SelectField gives the look). */
export const select = style({ width: '100%', minWidth: 0 });
export const counter = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, justifySelf: 'end' });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
});
export const views = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
export const view = style({
  display: 'grid',
  gap: vars.space['1'],
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
});
export const picture = style({
  width: '100%',
  aspectRatio: '2 / 3',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
});
export const sectionTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.weight.semibold });
export const list = style({
  display: 'grid',
  gap: vars.space['3'],
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
export const itemName = style({ fontWeight: vars.weight.semibold, flex: '1 1 10rem' });
export const thumb = style({
  width: '3rem',
  aspectRatio: '2 / 3',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
});
export const muted = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

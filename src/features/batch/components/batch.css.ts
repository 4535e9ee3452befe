// The Batch Processor's screens: the photo list, the choices, the batch page's items.
import { style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const section = style({ display: 'grid', gap: vars.space['4'] });
export const sectionTitle = style({ fontSize: vars.fontSize.xl, fontWeight: vars.weight.semibold });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['3'],
});
export const row = style({
  display: 'grid',
  gridTemplateColumns: '72px minmax(0, 1fr) auto',
  gap: vars.space['3'],
  alignItems: 'start',
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  '@media': { [mobile]: { gridTemplateColumns: '56px minmax(0, 1fr)' } },
});
export const thumb = style({
  width: '72px',
  height: '92px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  '@media': { [mobile]: { width: '56px', height: '72px' } },
});
export const rowBody = style({ display: 'grid', gap: vars.space['2'], minWidth: 0 });
export const rowActions = style({
  display: 'flex',
  gap: vars.space['2'],
  alignItems: 'center',
  '@media': { [mobile]: { gridColumn: '1 / -1', justifyContent: 'flex-end' } },
});
export const status = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});
export const warning = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.warning,
});
export const failed = style({ fontSize: vars.fontSize.sm, color: vars.color.danger });
export const typeSwitch = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surfaceMuted,
  position: 'sticky',
  bottom: vars.space['3'],
});
export const total = style({ fontWeight: vars.weight.semibold, fontSize: vars.fontSize.lg });
export const counts = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  '@media': { [mobile]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space['3'] } },
});
export const card = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const cardImage = style({ aspectRatio: '7 / 9', borderRadius: vars.radius.sm, overflow: 'hidden' });
export const cardName = style({
  fontWeight: vars.weight.medium,
  fontSize: vars.fontSize.sm,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.ink,
});
export const batchLink = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.borderStrong } },
});
export const muted = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const download = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space['3'],
});
export const formatLabel = style({
  display: 'grid',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});
export const formatSelect = style({
  minHeight: '42px',
  padding: `0 ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
});

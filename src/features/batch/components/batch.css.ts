// The Batch Processor's screens: the photo list, the choices, the batch page's items.
import { style } from '@vanilla-extract/css';
import { iconNote, note, panel, wrapRow } from '../../../ui/layout.css.ts';
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
export const status = style([iconNote, { display: 'inline-flex' }]);
export const warning = style([iconNote, { alignItems: 'flex-start', color: vars.color.warning }]);
export const failed = style({ fontSize: vars.fontSize.sm, color: vars.color.danger });
export const typeSwitch = wrapRow;
/** The batch's total, kept in sight at the foot of the screen. */
export const summary = style([
  wrapRow,
  panel,
  {
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space['3'],
    padding: vars.space['4'],
    borderColor: vars.color.borderStrong,
    background: vars.color.surfaceMuted,
    position: 'sticky',
    bottom: vars.space['3'],
  },
]);
export const total = style({ fontWeight: vars.weight.semibold, fontSize: vars.fontSize.lg });
export const counts = wrapRow;
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
export const muted = note;
export const download = style([wrapRow, { alignItems: 'flex-end', gap: vars.space['3'] }]);

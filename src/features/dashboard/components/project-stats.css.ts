import { style, styleVariants } from '@vanilla-extract/css';
import { vars, mobile } from '../../../ui/theme.css.ts';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space['3'],
  '@media': { [mobile]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const tile = style({
  // narrower sides leave 'Ολοκληρωμένα' room beside its dot at 1440 px
  padding: `${vars.space['4']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  minWidth: 0,
});
// a block, not a flex row: a flex row's text cannot be narrower than its longest word, so
// 'Ολοκληρωμένα' ran past a narrow tile; as a block it wraps (or breaks) inside the tile
export const tileLabel = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  hyphens: 'auto',
  color: vars.color.muted,
  fontWeight: vars.weight.medium,
});
export const tileValue = style({
  margin: 0,
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.weight.semibold,
  fontVariantNumeric: 'tabular-nums',
});
const dotBase = style({
  flexShrink: 0,
  display: 'inline-block',
  width: '8px',
  height: '8px',
  borderRadius: '50%',
  verticalAlign: '0.1em',
  marginRight: '6px',
});
export const dot = styleVariants({
  total: [dotBase, { background: vars.color.ink }],
  completed: [dotBase, { background: vars.color.success }],
  progress: [dotBase, { background: vars.color.accent }],
  rejected: [dotBase, { background: vars.color.danger }],
});

export const empty = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space['6'],
  alignItems: 'center',
  '@media': { [mobile]: { gridTemplateColumns: '1fr', justifyItems: 'start' } },
});
export const emptyArt = style({
  width: '132px',
  height: '132px',
  borderRadius: vars.radius.lg,
  background: `linear-gradient(160deg, ${vars.color.accentSoft}, ${vars.color.surfaceSunken})`,
  display: 'grid',
  placeItems: 'center',
  color: vars.color.accentInk,
});
export const emptyTitle = style({ fontWeight: vars.weight.semibold, fontSize: vars.fontSize.lg });
export const emptyText = style({
  color: vars.color.muted,
  margin: `${vars.space['1']} 0 ${vars.space['4']}`,
});

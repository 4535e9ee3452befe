import { style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const page = style({
  display: 'grid',
  gap: vars.space['8'],
  '@media': { [mobile]: { gap: vars.space['6'] } },
});
export const head = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['4'],
});
export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.02em',
  '@media': { [mobile]: { fontSize: vars.fontSize['2xl'] } },
});
export const lead = style({ color: vars.color.muted, marginTop: vars.space['1'], maxWidth: '60ch' });
export const headActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
});
export const link = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
  color: vars.color.inkSoft,
  textUnderlineOffset: '3px',
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space['5'],
  '@media': {
    'screen and (max-width: 1199.98px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [mobile]: { gridTemplateColumns: '1fr', gap: vars.space['4'] },
  },
});
export const card = style({
  all: 'unset',
  boxSizing: 'border-box',
  position: 'relative',
  display: 'grid',
  gridTemplateRows: '220px auto',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  overflow: 'hidden',
  cursor: 'pointer',
  color: vars.color.ink,
  textDecoration: 'none',
  transition: `box-shadow ${vars.motion.normal}, transform ${vars.motion.normal}`,
  selectors: {
    '&:hover': { boxShadow: vars.shadow.md, transform: 'translateY(-2px)' },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '3px' },
  },
  '@media': { [mobile]: { gridTemplateRows: '150px auto' } },
});
export const art = style({ position: 'relative', overflow: 'hidden', background: vars.color.surfaceMuted });
export const artImage = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  objectPosition: 'center 20%',
});
export const badges = style({
  position: 'absolute',
  top: vars.space['3'],
  left: vars.space['3'],
  display: 'flex',
  gap: vars.space['2'],
});
export const body = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space['1'],
  padding: vars.space['4'],
});
export const cardTitle = style({
  fontWeight: vars.weight.semibold,
  fontSize: vars.fontSize.lg,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});
export const cardText = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

export const lists = style({ display: 'grid', gap: vars.space['4'] });
export const listTitle = style({
  fontWeight: vars.weight.semibold,
  fontSize: vars.fontSize.sm,
  display: 'flex',
  gap: vars.space['2'],
  alignItems: 'center',
});
export const list = style({
  margin: `${vars.space['1']} 0 0`,
  paddingLeft: vars.space['6'],
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
  display: 'grid',
  gap: '2px',
});
export const danger = style({ color: vars.color.danger });
export const warning = style({ color: vars.color.warning });
export const success = style({ color: vars.color.success });

export const tip = style({ display: 'grid', gap: vars.space['4'] });
export const tipArt = style({
  height: '200px',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
});
export const tipTitle = style({ fontWeight: vars.weight.semibold, fontSize: vars.fontSize.lg });
export const tipText = style({ color: vars.color.inkSoft });
export const tipNav = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});
export const dots = style({ display: 'flex', gap: vars.space['2'] });
export const dot = style({
  width: '0.6rem',
  height: '0.6rem',
  padding: 0,
  borderRadius: vars.radius.full,
  border: 'none',
  background: vars.color.borderStrong,
  cursor: 'pointer',
  selectors: { '&[aria-current="true"]': { background: vars.color.accent, width: '1.4rem' } },
});

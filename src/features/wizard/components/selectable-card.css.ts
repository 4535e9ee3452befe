// A card the seller picks (model, pose, background): picture, words, a ring and a tick when chosen.
import { style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const card = style({
  position: 'relative',
  display: 'grid',
  gridTemplateRows: 'auto 1fr',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  overflow: 'hidden',
  transition: `box-shadow ${vars.motion.normal}, border-color ${vars.motion.normal}, transform ${vars.motion.normal}`,
  selectors: {
    '&:hover': { boxShadow: vars.shadow.md },
    '&[data-selected="true"]': {
      borderColor: vars.color.accent,
      boxShadow: `0 0 0 2px ${vars.color.accent}`,
    },
  },
});
/** The whole card is the choice; other controls sit above it. */
export const choose = style({
  all: 'unset',
  position: 'absolute',
  inset: 0,
  zIndex: 1,
  cursor: 'pointer',
  borderRadius: vars.radius.lg,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const media = style({
  position: 'relative',
  aspectRatio: '2 / 3',
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
});
export const mediaWide = style({ aspectRatio: '4 / 5' });
export const body = style({
  display: 'grid',
  gap: '2px',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  '@media': { [mobile]: { padding: vars.space['3'] } },
});
export const name = style({
  fontWeight: vars.weight.semibold,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  flexWrap: 'wrap',
});
export const sub = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const tick = style({
  position: 'absolute',
  top: vars.space['2'],
  left: vars.space['2'],
  zIndex: 2,
  display: 'grid',
  placeItems: 'center',
  width: '1.75rem',
  height: '1.75rem',
  borderRadius: vars.radius.full,
  background: vars.color.accentStrong,
  color: vars.color.onImage,
  boxShadow: vars.shadow.sm,
  pointerEvents: 'none',
});
export const corner = style({
  position: 'absolute',
  top: vars.space['2'],
  right: vars.space['2'],
  zIndex: 2,
  display: 'flex',
  gap: vars.space['1'],
});
export const roundButton = style({
  display: 'grid',
  placeItems: 'center',
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: vars.radius.full,
  border: 'none',
  background: vars.color.glass,
  color: vars.color.ink,
  cursor: 'pointer',
  boxShadow: vars.shadow.sm,
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&[aria-pressed="true"]': { color: vars.color.danger },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const newBadge = style({
  position: 'absolute',
  bottom: vars.space['2'],
  left: vars.space['2'],
  zIndex: 2,
});

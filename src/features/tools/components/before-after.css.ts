import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const frame = style({
  position: 'relative',
  display: 'grid',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  userSelect: 'none',
  touchAction: 'pan-y',
});
/** One image's box: the before side is clipped here, so a close-up enlarges both alike. */
export const box = style({ gridArea: '1 / 1', overflow: 'hidden', display: 'grid' });
export const layer = style({
  gridArea: '1 / 1',
  display: 'block',
  width: '100%',
  height: '100%',
  maxHeight: 560,
  objectFit: 'contain',
});
export const divider = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  width: 2,
  marginLeft: -1,
  background: vars.color.surface,
  boxShadow: vars.shadow.ring,
  pointerEvents: 'none',
});
export const knob = style({
  position: 'absolute',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.ink,
  boxShadow: vars.shadow.md,
});
export const range = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'ew-resize',
  selectors: { '&:focus-visible': { opacity: 0 } },
});
export const focusRing = style({
  selectors: {
    [`${frame}:has(${range}:focus-visible) &`]: {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: 2,
    },
  },
});
export const tag = style({
  position: 'absolute',
  top: vars.space['2'],
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  background: vars.color.scrimStrong,
  color: vars.color.onInk,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.weight.semibold,
  pointerEvents: 'none',
});
export const tagBefore = style({ left: vars.space['2'] });
export const tagAfter = style({ right: vars.space['2'] });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  marginBottom: 12,
});
export const modes = style({
  display: 'inline-flex',
  gap: vars.space['1'],
  padding: 3,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceMuted,
});
export const mode = style({
  border: 0,
  borderRadius: vars.radius.full,
  padding: `${vars.space['1']} ${vars.space['3']}`,
  background: 'transparent',
  color: vars.color.inkSoft,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.surface,
      color: vars.color.ink,
      boxShadow: vars.shadow.sm,
    },
  },
});

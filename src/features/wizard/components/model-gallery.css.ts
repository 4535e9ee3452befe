import { style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const gallery = style({ display: 'grid', gap: vars.space['3'], marginTop: vars.space['3'] });
export const stage = style({
  position: 'relative',
  height: 'min(62vh, 560px)',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
  '@media': { [mobile]: { height: '52vh' } },
});
export const fill = style({ display: 'block', width: '100%', height: '100%', objectFit: 'contain' });
export const message = style({
  display: 'grid',
  placeItems: 'center',
  height: '100%',
  padding: vars.space['6'],
  color: vars.color.muted,
  textAlign: 'center',
});
export const nav = style({
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  display: 'grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.full,
  border: 'none',
  background: vars.color.glass,
  boxShadow: vars.shadow.md,
  cursor: 'pointer',
  color: vars.color.ink,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const prev = style({ left: vars.space['3'] });
export const next = style({ right: vars.space['3'] });
export const counter = style({
  position: 'absolute',
  bottom: vars.space['3'],
  left: '50%',
  transform: 'translateX(-50%)',
  padding: `2px ${vars.space['3']}`,
  borderRadius: vars.radius.full,
  background: vars.color.scrim,
  color: vars.color.onImage,
  fontSize: vars.fontSize.xs,
});
export const thumbs = style({
  display: 'flex',
  gap: vars.space['2'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
  overflowX: 'auto',
});
export const thumb = style({
  display: 'block',
  width: '64px',
  height: '86px',
  padding: 0,
  borderRadius: vars.radius.md,
  border: `2px solid transparent`,
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
  cursor: 'pointer',
  selectors: {
    '&[aria-current="true"]': { borderColor: vars.color.accent },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
  ':hover': { borderColor: vars.color.borderStrong },
});
export const clipThumb = style({
  display: 'grid',
  placeItems: 'center',
  width: '100%',
  height: '100%',
  color: vars.color.inkSoft,
});
export const thumbImage = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' });

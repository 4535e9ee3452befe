import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const card = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  aspectRatio: '2 / 3',
  padding: 0,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  color: vars.color.ink,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  overflow: 'hidden',
  transition: `box-shadow ${vars.motion.normal}, border-color ${vars.motion.normal}`,
  selectors: {
    '&:hover': { boxShadow: vars.shadow.md },
    '&[aria-pressed="true"]': { borderColor: vars.color.accent, boxShadow: `0 0 0 3px ${vars.color.accent}` },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 3 },
  },
});
export const media = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});
export const label = style({
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  padding: `${vars.space['6']} ${vars.space['3']} ${vars.space['3']}`,
  background: `linear-gradient(to top, ${vars.color.scrimStrong}, transparent)`,
  color: vars.color.onImage,
  fontWeight: vars.weight.semibold,
  fontSize: vars.fontSize.sm,
});
export const play = style({
  display: 'grid',
  placeItems: 'center',
  width: '1.75rem',
  height: '1.75rem',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  background: vars.color.glassFaint,
});
export const check = style({
  position: 'absolute',
  top: vars.space['2'],
  right: vars.space['2'],
  display: 'grid',
  placeItems: 'center',
  width: '1.75rem',
  height: '1.75rem',
  borderRadius: vars.radius.full,
  background: vars.color.accentStrong,
  color: vars.color.onImage,
  boxShadow: vars.shadow.sm,
});

// The custom style card ------------------------------------------------------------------
export const custom = style({
  position: 'relative',
  display: 'grid',
  alignContent: 'start',
  gap: vars.space['3'],
  aspectRatio: '2 / 3',
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px dashed ${vars.color.borderStrong}`,
  background: vars.color.surface,
  overflow: 'hidden',
  selectors: {
    '&[data-selected="true"]': {
      borderStyle: 'solid',
      borderColor: vars.color.accent,
      boxShadow: `0 0 0 3px ${vars.color.accent}`,
    },
    '&[data-locked="true"]': { background: vars.color.bg },
  },
});
export const customButton = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space['2'],
  padding: 0,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0 },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: -3,
      borderRadius: vars.radius.lg,
    },
    '&:disabled': { cursor: 'default' },
  },
});
export const customIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.accentInk,
});
export const customTitle = style({ fontWeight: vars.weight.semibold });
export const customText = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  display: '-webkit-box',
  WebkitLineClamp: 6,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});
export const lockNote = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});
export const editor = style({
  position: 'relative',
  zIndex: 1,
  display: 'grid',
  gap: vars.space['2'],
  alignContent: 'start',
});
export const textarea = style({
  width: '100%',
  minHeight: '7.5rem',
  resize: 'vertical',
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  color: vars.color.ink,
  background: vars.color.surface,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 } },
});
export const editorActions = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });
export const editLink = style({ position: 'relative', zIndex: 1, justifySelf: 'start' });
/** While the custom style is being written it takes the whole row (and its own height). */
export const fullRow = style({ gridColumn: '1 / -1' });
export const editing = style({ aspectRatio: 'auto', minHeight: 0 });

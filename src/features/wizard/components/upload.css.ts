import { style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.5fr) minmax(0, 1fr)',
  gap: vars.space['6'],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 1023.98px)': { gridTemplateColumns: '1fr' } },
});
export const main = style({ display: 'grid', gap: vars.space['4'] });
/** The upload list scrolls at 640 px (spec 2 §2). */
export const list = style({ display: 'grid', gap: vars.space['4'], maxHeight: '640px', overflowY: 'auto' });

export const dropzone = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['12']} ${vars.space['6']}`,
  borderRadius: vars.radius.xl,
  border: `2px dashed ${vars.color.borderStrong}`,
  background: vars.color.surface,
  textAlign: 'center',
  transition: `border-color ${vars.motion.fast}, background ${vars.motion.fast}`,
  selectors: {
    '&[data-dragging="true"]': { borderColor: vars.color.accent, background: vars.color.accentSoft },
  },
  '@media': { [mobile]: { padding: `${vars.space['8']} ${vars.space['4']}` } },
});
export const dropIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '3.5rem',
  height: '3.5rem',
  borderRadius: vars.radius.full,
  background: vars.color.accentSoft,
  color: vars.color.accentInk,
});
export const dropTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.weight.semibold });
export const dropHint = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const dropActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space['3'],
});
export const hiddenInput = style({
  position: 'absolute',
  width: 1,
  height: 1,
  opacity: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
});

export const photo = style({
  display: 'grid',
  gridTemplateColumns: '168px minmax(0, 1fr)',
  gap: vars.space['4'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  '@media': {
    [mobile]: { gridTemplateColumns: '104px minmax(0, 1fr)', gap: vars.space['3'], padding: vars.space['3'] },
  },
});
export const thumb = style({
  width: '100%',
  aspectRatio: '3 / 4',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  display: 'block',
});
export const photoBody = style({ display: 'grid', gap: vars.space['2'], alignContent: 'start', minWidth: 0 });
export const photoHead = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});
export const fileName = style({
  fontWeight: vars.weight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const facts = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const progress = style({
  height: '8px',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  overflow: 'hidden',
});
export const progressFill = style({
  height: '100%',
  borderRadius: vars.radius.full,
  background: vars.color.accent,
  transition: `width ${vars.motion.normal} linear`,
});
export const status = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
  flexWrap: 'wrap',
});
export const statusLine = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  flexWrap: 'wrap',
});
export const statusIcon = style({ flexShrink: 0, marginTop: '2px' });
export const statusOk = style({ color: vars.color.success });
export const statusWait = style({ color: vars.color.warning });
export const statusError = style({ color: vars.color.danger });

export const garment = style({
  display: 'grid',
  gap: vars.space['2'],
  border: 'none',
  padding: 0,
  margin: 0,
});
export const garmentLegend = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.semibold,
  marginBottom: vars.space['1'],
});
export const garmentOptions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
export const garmentOption = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': {
      background: vars.color.ink,
      color: vars.color.onInk,
      borderColor: vars.color.ink,
    },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const garmentInput = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
});
export const fieldError = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
  fontWeight: vars.weight.medium,
});

export const tips = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['5'],
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
});
export const tipsTitle = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.weight.semibold,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
});
export const tipsList = style({
  display: 'grid',
  gap: vars.space['2'],
  paddingLeft: vars.space['5'],
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
});
export const tipsLink = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
  color: vars.color.accentInk,
  textUnderlineOffset: '3px',
});

import { keyframes, style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 0.9fr) minmax(0, 1.1fr)',
  gap: vars.space['8'],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 1023.98px)': { gridTemplateColumns: '1fr', gap: vars.space['5'] } },
});
export const previews = style({ display: 'grid', gap: vars.space['3'] });
export const preview = style({
  width: '100%',
  maxHeight: '560px',
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  display: 'block',
  '@media': { [mobile]: { maxHeight: '360px' } },
});
/** The photo at its own shape, so its frame is the photo's edge (no muted bands around it). */
export const previewImage = style([
  preview,
  { width: 'auto', maxWidth: '100%', height: 'auto', justifySelf: 'center' },
]);
export const details = style({ display: 'grid', gap: vars.space['5'] });
export const nameButton = style({
  all: 'unset',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  maxWidth: '100%',
  cursor: 'text',
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.weight.semibold,
  borderBottom: `1px dashed ${vars.color.borderStrong}`,
  selectors: {
    '&:hover': { borderBottomColor: vars.color.accent },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '3px' },
  },
});
export const nameText = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const nameInput = style({
  width: '100%',
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.weight.semibold,
  padding: `${vars.space['1']} ${vars.space['2']}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.accent}`,
  background: vars.color.surface,
  color: vars.color.ink,
});
export const srOnly = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
export const choices = style({ display: 'grid', gap: vars.space['3'], margin: 0 });
export const choice = style({
  display: 'grid',
  gridTemplateColumns: '56px minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const choiceThumb = style({
  width: '56px',
  height: '72px',
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
});
export const choiceImage = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  objectPosition: 'top',
});
/** a thumbnail without a picture (Original background, garment type): an icon, not a blank tile */
export const choiceThumbIcon = style([
  choiceThumb,
  { display: 'grid', placeItems: 'center', color: vars.color.muted },
]);
export const choiceLabel = style({
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: vars.color.muted,
  fontWeight: vars.weight.semibold,
});
export const choiceValue = style({ fontWeight: vars.weight.semibold, margin: 0 });
export const choiceText = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  whiteSpace: 'pre-line',
});
export const editLink = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.accentInk,
  fontWeight: vars.weight.medium,
  textUnderlineOffset: '3px',
});
export const totals = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
});
export const totalRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  fontSize: vars.fontSize.sm,
});
export const totalStrong = style({ fontWeight: vars.weight.bold, fontSize: vars.fontSize.md });
export const short = style({
  color: vars.color.danger,
  fontWeight: vars.weight.medium,
  fontSize: vars.fontSize.sm,
});
export const generate = style({ width: '100%' });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 80,
  display: 'grid',
  placeItems: 'center',
  background: vars.color.bgTranslucent,
  backdropFilter: 'blur(3px)',
});
export const overlayBox = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['3'],
  textAlign: 'center',
  padding: vars.space['6'],
});
export const overlayRing = style({
  width: '3rem',
  height: '3rem',
  borderRadius: vars.radius.full,
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.accent,
  animation: `${spin} 900ms linear infinite`,
});
export const overlayTitle = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.weight.semibold,
});

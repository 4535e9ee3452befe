import { style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const blurRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space['5'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  '@media': { [mobile]: { gridTemplateColumns: '1fr' } },
});
export const compare = style({
  position: 'relative',
  width: '220px',
  aspectRatio: '16 / 10',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  border: 'none',
  padding: 0,
  background: vars.color.surfaceMuted,
  cursor: 'ew-resize',
  '@media': { [mobile]: { width: '100%' } },
});
export const compareLayer = style({ position: 'absolute', inset: 0 });
/** The blurred half: shown on the right of the divider, which follows the pointer. */
export const compareBlurred = style({
  position: 'absolute',
  inset: 0,
  clipPath: 'inset(0 0 0 var(--split, 50%))',
});
export const compareDivider = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  left: 'var(--split, 50%)',
  width: '2px',
  background: vars.color.surface,
  boxShadow: vars.shadow.ring,
});
export const compareLabel = style({
  position: 'absolute',
  bottom: vars.space['2'],
  padding: `1px ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  background: vars.color.scrim,
  color: vars.color.onImage,
  fontSize: vars.fontSize.xs,
});
export const labelLeft = style({ left: vars.space['2'] });
export const labelRight = style({ right: vars.space['2'] });
export const original = style({
  display: 'grid',
  placeItems: 'center',
  gap: vars.space['2'],
  width: '100%',
  height: '100%',
  background: `repeating-linear-gradient(45deg, ${vars.color.surfaceMuted} 0 12px, ${vars.color.surface} 12px 24px)`,
  color: vars.color.inkSoft,
  textAlign: 'center',
  padding: vars.space['3'],
  fontSize: vars.fontSize.sm,
});
export const originalPhoto = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });

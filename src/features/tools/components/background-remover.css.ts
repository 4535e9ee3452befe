import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const chosen = style({
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  overflow: 'hidden',
  padding: vars.space['3'],
});
export const chosenImage = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: 420,
  objectFit: 'contain',
});
/** Once the result is there, the photo it came from shrinks on one-column layouts (the compare view shows it). */
export const chosenDone = style({
  '@media': { 'screen and (max-width: 1023.98px)': { justifyItems: 'start', padding: vars.space['2'] } },
});
globalStyle(`${chosenDone} img`, { '@media': { 'screen and (max-width: 1023.98px)': { maxHeight: 120 } } });
export const chosenMeta = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  minWidth: 0,
});
export const fileName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
});
export const refund = style({ marginTop: vars.space['1'], fontSize: vars.fontSize.sm });

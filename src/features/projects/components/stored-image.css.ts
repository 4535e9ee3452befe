import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const frame = style({
  position: 'relative',
  overflow: 'hidden',
  background: vars.color.surfaceSunken,
});
export const img = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});
/** A picture loaded later (scrolled to) fades in once decoded. The first screen's pictures
 *  show as they arrive: a fade would hold back what the seller opened the screen for. */
export const fadeIn = style({
  opacity: 0,
  transition: `opacity ${vars.motion.normal} ${vars.motion.ease}`,
  selectors: { '&[data-loaded="true"]': { opacity: 1 } },
});
export const contain = style({ objectFit: 'contain' });
export const clear = style({ background: 'transparent' });

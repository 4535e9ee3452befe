import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

const rise = keyframes({ from: { opacity: 0, transform: 'translateY(12px)' }, to: { opacity: 1, transform: 'none' } });
const fadeOut = keyframes({ to: { opacity: 0, visibility: 'hidden' } });
const grow = keyframes({ from: { transform: 'scaleX(0)' }, to: { transform: 'scaleX(1)' } });

export const splash = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'grid',
  placeItems: 'center',
  background: `radial-gradient(120% 90% at 50% 0%, #3a3027 0%, ${vars.color.ink} 65%)`,
  color: vars.color.onInk,
});

export const leaving = style({ animation: `${fadeOut} 320ms ${vars.motion.ease} forwards` });

export const inner = style({ display: 'grid', justifyItems: 'center', gap: vars.space['4'], animation: `${rise} 700ms ${vars.motion.ease} both` });

export const word = style({ fontFamily: vars.font.display, fontSize: '2.75rem', fontWeight: vars.weight.semibold, letterSpacing: '-0.02em' });

export const tagline = style({ color: '#d9cfc2', fontSize: vars.fontSize.md, textAlign: 'center', padding: `0 ${vars.space['6']}` });

export const bar = style({
  width: '120px',
  height: '2px',
  background: vars.color.accent,
  transformOrigin: 'left',
  animation: `${grow} 2.3s ${vars.motion.ease} both`,
});

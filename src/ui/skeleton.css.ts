import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const shimmer = keyframes({
  '0%': { backgroundPosition: '100% 0' },
  '100%': { backgroundPosition: '-100% 0' },
});

export const skeleton = style({
  display: 'block',
  borderRadius: vars.radius.sm,
  background: `linear-gradient(90deg, ${vars.color.surfaceMuted} 25%, ${vars.color.surfaceSunken} 50%, ${vars.color.surfaceMuted} 75%)`,
  backgroundSize: '200% 100%',
  animation: `${shimmer} 1.4s ease-in-out infinite`,
});

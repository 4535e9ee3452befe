import { keyframes, style } from '@vanilla-extract/css';
import { reducedMotion, vars } from '../../../ui/theme.css.ts';

const pulse = keyframes({
  '0%, 80%, 100%': { opacity: 0.25, transform: 'scale(0.8)' },
  '40%': { opacity: 1, transform: 'scale(1)' },
});

export const dots = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '4px',
  padding: '6px 8px',
  borderRadius: vars.radius.full,
  background: vars.color.glass,
  boxShadow: vars.shadow.sm,
});

export const dot = style({
  width: '7px',
  height: '7px',
  borderRadius: '50%',
  animation: `${pulse} 1.2s ${vars.motion.ease} infinite`,
  selectors: {
    '&:nth-child(1)': { background: vars.color.accent },
    '&:nth-child(2)': { background: vars.color.info, animationDelay: '0.15s' },
    '&:nth-child(3)': { background: vars.color.success, animationDelay: '0.3s' },
  },
  '@media': { [reducedMotion]: { animation: 'none', opacity: 1 } },
});

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  padding: `3px ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  background: vars.color.ink,
  color: vars.color.onInk,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.weight.semibold,
});

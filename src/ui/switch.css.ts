import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const row = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['3'],
  cursor: 'pointer',
});

export const track = style({
  position: 'relative',
  width: '44px',
  height: '26px',
  flexShrink: 0,
  border: 0,
  borderRadius: vars.radius.full,
  background: vars.color.borderStrong,
  cursor: 'pointer',
  transition: `background ${vars.motion.normal}`,
  selectors: {
    '&[aria-checked="true"]': { background: vars.color.ink },
    '&::after': {
      content: '""',
      position: 'absolute',
      top: '3px',
      left: '3px',
      width: '20px',
      height: '20px',
      borderRadius: '50%',
      background: vars.color.surface,
      boxShadow: vars.shadow.sm,
      transition: `transform ${vars.motion.normal} ${vars.motion.ease}`,
    },
    '&[aria-checked="true"]::after': { transform: 'translateX(18px)' },
  },
});

export const desc = style({ display: 'block', fontSize: vars.fontSize.sm, color: vars.color.muted });
export const labelText = style({ fontWeight: vars.weight.medium });

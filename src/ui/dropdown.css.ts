import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars, mobile } from './theme.css.ts';

const pop = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'none' },
});

export const root = style({ position: 'relative', display: 'inline-flex' });

export const panel = style({
  position: 'absolute',
  top: 'calc(100% + 8px)',
  zIndex: vars.z.popover,
  minWidth: '240px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  animation: `${pop} ${vars.motion.fast} ${vars.motion.ease}`,
  '@media': {
    [mobile]: {
      position: 'fixed',
      top: `calc(${vars.size.header} + 4px)`,
      left: '8px !important',
      right: '8px !important',
      minWidth: 0,
    },
  },
});

export const align = styleVariants({
  start: { left: 0 },
  end: { right: 0 },
});

export const menuList = style({ display: 'grid', padding: vars.space['1'] });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  width: '100%',
  minHeight: '40px',
  padding: `0 ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover, &:focus-visible': {
      background: vars.color.surfaceMuted,
      color: vars.color.ink,
      outline: 'none',
    },
  },
});

export const separator = style({
  height: '1px',
  margin: `${vars.space['1']} 0`,
  background: vars.color.border,
  border: 0,
});

import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars, mobile } from '../theme.css.ts';

const slide = keyframes({
  from: { opacity: 0, transform: 'translateY(8px)' },
  to: { opacity: 1, transform: 'none' },
});

export const region = style({
  position: 'fixed',
  right: vars.space['5'],
  bottom: vars.space['5'],
  zIndex: vars.z.toast,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  width: 'min(380px, calc(100vw - 24px))',
  maxHeight: 'calc(100dvh - 40px)',
  overflowY: 'auto',
  pointerEvents: 'none',
  // on a phone toasts come down under the header: at the bottom they covered the project
  // cards' names (and the wizard's Next bar)
  '@media': {
    [mobile]: {
      top: `calc(${vars.size.header} + 8px)`,
      right: '12px',
      bottom: 'auto',
      maxHeight: `calc(100dvh - ${vars.size.header} - 16px)`,
    },
  },
});

export const toast = style({
  pointerEvents: 'auto',
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'start',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.md,
  animation: `${slide} ${vars.motion.normal} ${vars.motion.ease}`,
});

export const icon = styleVariants({
  info: { color: vars.color.info },
  success: { color: vars.color.success },
  error: { color: vars.color.danger },
  loading: { color: vars.color.accentInk },
});

export const body = style({ minWidth: 0 });
export const title = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.semibold,
  overflowWrap: 'anywhere',
});
export const more = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.weight.medium,
  color: vars.color.muted,
  marginTop: vars.space['1'],
});
export const description = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, marginTop: '2px' });
export const close = style({
  border: 0,
  background: 'transparent',
  color: vars.color.subtle,
  cursor: 'pointer',
  padding: '2px',
  borderRadius: vars.radius.sm,
  selectors: { '&:hover': { color: vars.color.ink } },
});

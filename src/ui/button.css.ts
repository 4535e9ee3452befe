import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontWeight: vars.weight.medium,
  lineHeight: 1.2,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  userSelect: 'none',
  transition: `background ${vars.motion.fast}, border-color ${vars.motion.fast}, color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.5 },
  },
});

export const variant = styleVariants({
  primary: {
    background: vars.color.ink,
    color: vars.color.onInk,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.inkSoft } },
  },
  accent: {
    background: vars.color.accentStrong,
    color: vars.color.onImage,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.accentInk } },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.ink,
    borderColor: vars.color.borderStrong,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceMuted } },
  },
  ghost: {
    background: 'transparent',
    color: vars.color.inkSoft,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceMuted } },
  },
  danger: {
    background: vars.color.surface,
    color: vars.color.danger,
    borderColor: vars.color.danger,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.dangerSoft } },
  },
});

export const size = styleVariants({
  sm: { minHeight: '34px', padding: `0 ${vars.space['3']}`, fontSize: vars.fontSize.sm },
  md: { minHeight: '42px', padding: `0 ${vars.space['4']}`, fontSize: vars.fontSize.sm },
  lg: { minHeight: '50px', padding: `0 ${vars.space['6']}`, fontSize: vars.fontSize.md },
  icon: { width: '40px', height: '40px', padding: 0 },
});

export const block = style({ width: '100%' });
export { base };

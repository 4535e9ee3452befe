import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const padding = styleVariants({
  none: {},
  md: { padding: vars.space['5'] },
  lg: { padding: vars.space['6'] },
});

export const cardTitle = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.weight.semibold,
  color: vars.color.ink,
});

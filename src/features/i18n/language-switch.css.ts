import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const group = style({
  display: 'inline-flex',
  padding: '3px',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
});

export const option = style({
  minWidth: '40px',
  minHeight: '30px',
  padding: `0 ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.muted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.weight.semibold,
  letterSpacing: '0.04em',
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.surface,
      color: vars.color.ink,
      boxShadow: vars.shadow.sm,
    },
  },
});

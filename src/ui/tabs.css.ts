import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const list = style({
  display: 'flex',
  gap: vars.space['1'],
  padding: vars.space['1'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  width: 'fit-content',
  maxWidth: '100%',
  overflowX: 'auto',
});

export const tab = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '36px',
  padding: `0 ${vars.space['4']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.ink },
    '&[aria-selected="true"]': {
      background: vars.color.surface,
      color: vars.color.ink,
      boxShadow: vars.shadow.sm,
    },
  },
});

export const panel = style({ outline: 'none' });

import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const locked = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['4'],
  padding: vars.space['5'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const lockNote = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'], margin: 0 });
export const options = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(var(--choices), minmax(0, 1fr))',
  gap: vars.space['2'],
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
});
export const legend = style({
  gridColumn: '1 / -1',
  fontWeight: vars.weight.medium,
  fontSize: vars.fontSize.sm,
  marginBottom: vars.space['2'],
});
export const option = style({
  position: 'relative',
  display: 'grid',
  justifyItems: 'center',
  gap: '2px',
  padding: `${vars.space['2']} ${vars.space['2']}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  fontWeight: vars.weight.semibold,
  textAlign: 'center',
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.ink,
      boxShadow: `inset 0 0 0 1px ${vars.color.ink}`,
      background: vars.color.surfaceMuted,
    },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.5 },
  },
});
export const optionHint = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.weight.regular,
  color: vars.color.muted,
  fontVariantNumeric: 'tabular-nums',
});
export const radio = style({ position: 'absolute', opacity: 0, pointerEvents: 'none' });
export const meta = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  fontVariantNumeric: 'tabular-nums',
});

import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const field = style({ display: 'grid', gap: vars.space['1'] });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
  color: vars.color.inkSoft,
});

export const control = style({
  width: '100%',
  minHeight: '46px',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.md,
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: {
    '&::placeholder': { color: vars.color.subtle },
    '&:hover': { borderColor: vars.color.subtle },
    '&:focus': {
      outline: 'none',
      borderColor: vars.color.ink,
      boxShadow: `0 0 0 3px ${vars.color.surfaceSunken}`,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { background: vars.color.surfaceMuted, color: vars.color.muted },
  },
});

export const textarea = style([
  control,
  { minHeight: '120px', padding: vars.space['3'], resize: 'vertical', lineHeight: vars.lineHeight.normal },
]);

export const withTrailing = style({ position: 'relative' });
export const trailingControl = style({ paddingRight: '48px' });
export const trailing = style({
  position: 'absolute',
  right: '4px',
  top: '50%',
  transform: 'translateY(-50%)',
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.muted,
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.ink } },
});

export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });
export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger });

export const check = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
  cursor: 'pointer',
});
export const checkbox = style({ width: '18px', height: '18px', accentColor: vars.color.ink, margin: 0 });

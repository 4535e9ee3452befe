import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const step = style({ display: 'grid', gap: vars.space['5'] });
export const genderChoices = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['4'],
});
export const genderChoice = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['2'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  cursor: 'pointer',
  font: 'inherit',
  color: vars.color.ink,
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong, boxShadow: vars.shadow.md },
    '&[data-current="true"]': { borderColor: vars.color.accent, boxShadow: `0 0 0 2px ${vars.color.accent}` },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const genderImage = style({
  width: '100%',
  aspectRatio: '3 / 4',
  objectFit: 'cover',
  objectPosition: 'top',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});
export const genderName = style({
  fontWeight: vars.weight.semibold,
  fontSize: vars.fontSize.lg,
  textAlign: 'center',
});
export const genderNote = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const skeletonCard = style({
  aspectRatio: '2 / 3.4',
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
});

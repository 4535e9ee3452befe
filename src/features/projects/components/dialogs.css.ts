import { style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const body = style({ display: 'grid', gap: vars.space['4'] });
export const text = style({ color: vars.color.inkSoft });
export const buttons = style({
  display: 'flex',
  gap: vars.space['2'],
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
});

export const formats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space['2'],
  border: 0,
  padding: 0,
  margin: 0,
});
export const legend = style({
  fontWeight: vars.weight.medium,
  fontSize: vars.fontSize.sm,
  marginBottom: vars.space['2'],
});
export const formatOption = style({
  position: 'relative',
  display: 'grid',
  justifyItems: 'center',
  gap: '2px',
  padding: `${vars.space['3']} ${vars.space['2']}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  fontWeight: vars.weight.semibold,
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.ink,
      boxShadow: `inset 0 0 0 1px ${vars.color.ink}`,
      background: vars.color.surfaceMuted,
    },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const formatHint = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.weight.regular,
  color: vars.color.muted,
  textAlign: 'center',
});
export const radio = style({ position: 'absolute', opacity: 0, pointerEvents: 'none' });

export const qualityRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['3'],
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
});

export const notice = style({ display: 'grid', gap: vars.space['2'] });

export const canvasWrap = style({ display: 'grid', justifyItems: 'center', gap: vars.space['2'] });
export const canvas = style({
  display: 'block',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
  touchAction: 'none',
  cursor: 'crosshair',
  maxWidth: '100%',
});
export const canvasTools = style({
  display: 'flex',
  gap: vars.space['2'],
  alignItems: 'center',
  justifyContent: 'space-between',
  width: '100%',
});
export const fixLayout = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: vars.space['5'],
  alignItems: 'start',
  '@media': { [mobile]: { gridTemplateColumns: '1fr' } },
});
export const fixSide = style({
  display: 'grid',
  gap: vars.space['4'],
  alignContent: 'start',
  height: '100%',
  gridTemplateRows: 'auto auto auto auto 1fr',
});
export const sideButtons = style({ alignSelf: 'end' });
export const canvasLoading = style({ display: 'grid', placeItems: 'center' });
export const eligibility = style({ fontSize: vars.fontSize.sm, color: vars.color.inkSoft });

export const sizes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(118px, 1fr))',
  gap: vars.space['2'],
  border: 0,
  padding: 0,
  margin: 0,
});
export const sizeOption = style([
  formatOption,
  { padding: `${vars.space['2']} ${vars.space['2']}`, gap: 0, textAlign: 'center' },
]);
export const sizePixels = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.weight.medium,
  color: vars.color.inkSoft,
  fontVariantNumeric: 'tabular-nums',
});
export const progress = style({
  display: 'grid',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
});
export const progressBar = style({ width: '100%', accentColor: vars.color.ink });
export const frameNote = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, margin: 0 });

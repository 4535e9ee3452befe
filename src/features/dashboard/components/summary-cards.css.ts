import { style, styleVariants } from '@vanilla-extract/css';
import { vars, mobile } from '../../../ui/theme.css.ts';

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  minHeight: '200px',
  padding: vars.space['6'],
  '@media': { [mobile]: { minHeight: 0, padding: vars.space['5'] } },
  borderRadius: vars.radius.xl,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const look = styleVariants({
  ink: {
    background: `radial-gradient(120% 120% at 100% 0%, ${vars.color.artDeep} 0%, ${vars.color.ink} 55%)`,
    color: vars.color.onInk,
    borderColor: 'transparent',
  },
  warm: { background: `linear-gradient(160deg, ${vars.color.accentSoft}, ${vars.color.surface} 70%)` },
  plain: {},
});

export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.weight.medium, opacity: 0.85 });
export const iconWrap = style({
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.full,
  background: vars.color.neutralTint,
});
export const value = style({
  fontFamily: vars.font.display,
  fontSize: '2.75rem',
  lineHeight: 1,
  fontWeight: vars.weight.semibold,
  fontVariantNumeric: 'tabular-nums',
});
export const detail = style({ fontSize: vars.fontSize.sm, opacity: 0.8 });
export const footer = style({ marginTop: 'auto', paddingTop: vars.space['2'] });
// with the secondary variant (a light button); the border drops, which the dark card does not need
export const onInkButton = style({ borderColor: 'transparent' });
export const detailStrong = style({ fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.normal });

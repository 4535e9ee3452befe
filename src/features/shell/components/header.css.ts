import { style } from '@vanilla-extract/css';
import { vars, mobile } from '../../../ui/theme.css.ts';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.z.header,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  height: vars.size.header,
  padding: `0 ${vars.space['6']}`,
  background: vars.color.bgTranslucent,
  backdropFilter: 'saturate(1.4) blur(12px)',
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [mobile]: { padding: `0 ${vars.space['3']}`, gap: vars.space['2'] } },
});

export const toggle = style({
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.inkSoft,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});

export const mobileBrand = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space['2'],
  fontFamily: vars.font.display,
  fontWeight: vars.weight.semibold,
  fontSize: vars.fontSize.lg,
  color: vars.color.ink,
  textDecoration: 'none',
  flexShrink: 0,
  '@media': { [mobile]: { display: 'inline-flex' } },
});

export const spacer = style({ flex: 1 });

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  '@media': { [mobile]: { gap: vars.space['1'] } },
});

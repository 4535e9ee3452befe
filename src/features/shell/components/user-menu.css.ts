import { style } from '@vanilla-extract/css';
import { vars, mobile } from '../../../ui/theme.css.ts';

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: '3px',
  paddingRight: vars.space['2'],
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.ink,
  cursor: 'pointer',
  selectors: { '&:hover, &[aria-expanded="true"]': { background: vars.color.surfaceMuted } },
  '@media': { [mobile]: { paddingRight: '3px' } },
});

export const avatar = style({
  display: 'grid',
  placeItems: 'center',
  width: '34px',
  height: '34px',
  borderRadius: '50%',
  background: vars.color.accentSoft,
  color: vars.color.accentInk,
  fontWeight: vars.weight.semibold,
  fontSize: vars.fontSize.sm,
  textTransform: 'uppercase',
});

export const chevron = style({ color: vars.color.muted, '@media': { [mobile]: { display: 'none' } } });

export const who = style({
  display: 'flex',
  gap: vars.space['3'],
  alignItems: 'center',
  padding: vars.space['4'],
  borderBottom: `1px solid ${vars.color.border}`,
});
export const name = style({ fontWeight: vars.weight.semibold, fontSize: vars.fontSize.sm });
export const email = style({ color: vars.color.muted, fontSize: vars.fontSize.xs, wordBreak: 'break-all' });
export const panel = style({ width: '272px' });

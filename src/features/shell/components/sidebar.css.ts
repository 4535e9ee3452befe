import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const sidebar = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  padding: vars.space['4'],
  gap: vars.space['6'],
  overflowY: 'auto',
});

export const brandRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  minHeight: '40px',
  paddingInline: vars.space['2'],
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['3'],
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.weight.semibold,
  color: vars.color.ink,
  textDecoration: 'none',
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '2px' });

export const link = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: '44px',
  padding: `0 ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: `background ${vars.motion.fast}, color ${vars.motion.fast}`,
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted, color: vars.color.ink },
    '&[aria-current="page"]': { background: vars.color.ink, color: vars.color.onInk },
  },
});

export const collapsedLink = style({ justifyContent: 'center', padding: 0 });

export const footer = style({
  marginTop: 'auto',
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  background: vars.color.accentSoft,
  color: vars.color.accentInk,
  fontSize: vars.fontSize.sm,
  display: 'grid',
  gap: vars.space['2'],
});

export const footerTitle = style({ fontWeight: vars.weight.semibold, color: vars.color.ink });

export const footerLink = style({
  color: vars.color.accentInk,
  fontWeight: vars.weight.medium,
  textUnderlineOffset: '3px',
  selectors: { '&:hover': { color: vars.color.ink } },
});

import { style } from '@vanilla-extract/css';
import { vars, mobile } from '../../../ui/theme.css.ts';

export const trigger = style({
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.inkSoft,
  cursor: 'pointer',
  selectors: {
    '&:hover, &[aria-expanded="true"]': { background: vars.color.surfaceMuted, color: vars.color.ink },
  },
});

export const count = style({
  position: 'absolute',
  top: '3px',
  right: '2px',
  minWidth: '18px',
  height: '18px',
  padding: '0 5px',
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: vars.color.onImage,
  fontSize: '11px',
  // semibold, a face the first screen already has: bold cost every signed-in screen with an
  // unread notification a font file (~24 KiB) for a digit
  fontWeight: vars.weight.semibold,
  lineHeight: '18px',
  textAlign: 'center',
  boxShadow: `0 0 0 2px ${vars.color.bg}`,
});

export const panel = style({ width: '380px', '@media': { [mobile]: { width: 'auto' } } });

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  padding: `${vars.space['4']} ${vars.space['4']} ${vars.space['3']}`,
});

export const title = style({ fontSize: vars.fontSize.md, fontWeight: vars.weight.semibold });

export const tabs = style({ margin: `0 ${vars.space['4']} ${vars.space['2']}` });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: vars.space['1'],
  maxHeight: '400px',
  overflowY: 'auto',
});

export const item = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  gap: vars.space['3'],
  width: '100%',
  padding: vars.space['3'],
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  textAlign: 'left',
  color: vars.color.ink,
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.surfaceMuted } },
});

export const icon = style({
  display: 'grid',
  placeItems: 'center',
  width: '34px',
  height: '34px',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceMuted,
  color: vars.color.inkSoft,
});

export const itemTitle = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.semibold,
  selectors: { '&[data-read="true"]': { fontWeight: vars.weight.medium, color: vars.color.inkSoft } },
});
export const itemMessage = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  marginTop: '2px',
});
export const time = style({
  display: 'block',
  fontSize: vars.fontSize.xs,
  color: vars.color.subtle,
  marginTop: vars.space['1'],
});
export const dot = style({
  width: '8px',
  height: '8px',
  marginTop: '6px',
  borderRadius: '50%',
  background: vars.color.accent,
});

export const empty = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['8']} ${vars.space['4']}`,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

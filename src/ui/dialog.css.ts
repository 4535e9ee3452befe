import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars, mobile } from './theme.css.ts';

const enter = keyframes({
  from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

export const dialog = style({
  width: 'min(100% - 32px, 480px)',
  maxHeight: 'calc(100dvh - 32px)',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.xl,
  background: vars.color.surface,
  color: vars.color.ink,
  boxShadow: vars.shadow.lg,
  overflow: 'auto',
  selectors: {
    '&[open]': { animation: `${enter} ${vars.motion.normal} ${vars.motion.ease}` },
    '&::backdrop': { background: vars.color.overlay, backdropFilter: 'blur(2px)' },
  },
  '@media': {
    [mobile]: { width: 'calc(100% - 24px)' },
  },
});

export const wide = style({ width: 'min(100% - 32px, 640px)' });
/** room for a drawing canvas beside a form (the fix dialog) */
export const extraWide = style({ width: 'min(100% - 32px, 880px)' });

export const inner = style({ display: 'grid', gap: vars.space['5'], padding: vars.space['6'] });

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['4'],
});

export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.01em',
});

export const description = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  marginTop: vars.space['1'],
});

export const close = style({
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  flexShrink: 0,
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.muted,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted, color: vars.color.ink } },
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space['3'],
});
// on a phone the buttons share the row, and one that wraps takes a row of its own at full
// width (wrapped, 'Κλείσιμο' and 'Επιλογή αυτού του μοντέλου' stood ragged at the right)
globalStyle(`${footer} > *`, { '@media': { [mobile]: { flex: '1 1 auto' } } });

import { style } from '@vanilla-extract/css';
import { vars, mobile } from '../../../ui/theme.css.ts';

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '40px',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.semibold,
  cursor: 'pointer',
  selectors: {
    '&:hover, &[aria-expanded="true"]': {
      borderColor: vars.color.borderStrong,
      background: vars.color.surfaceMuted,
    },
  },
});

export const triggerUnit = style({
  fontWeight: vars.weight.regular,
  color: vars.color.muted,
  '@media': { [mobile]: { display: 'none' } },
});

export const panel = style({
  width: '360px',
  // on a phone the dropdown spans the screen (ui/dropdown); so does its content
  '@media': { [mobile]: { width: 'auto' } },
  padding: vars.space['5'],
  display: 'grid',
  gap: vars.space['4'],
});

export const top = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const caption = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.weight.medium,
  color: vars.color.muted,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
});

export const big = style({
  fontFamily: vars.font.display,
  fontSize: '2.5rem',
  lineHeight: 1.1,
  fontWeight: vars.weight.semibold,
  selectors: { '&[data-empty="true"]': { color: vars.color.danger } },
});

export const empty = style({ color: vars.color.danger });

export const rows = style({
  display: 'grid',
  gap: vars.space['2'],
  margin: 0,
  paddingTop: vars.space['3'],
  borderTop: `1px solid ${vars.color.border}`,
});

export const row = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  fontSize: vars.fontSize.sm,
});
export const term = style({ color: vars.color.muted, minWidth: 0 });
// the figure stays on one line ('36 + 1 χρησιμοποιημένες'); the term wraps instead
export const value = style({
  margin: 0,
  whiteSpace: 'nowrap',
  textAlign: 'end',
  fontWeight: vars.weight.semibold,
  fontVariantNumeric: 'tabular-nums',
});
export const total = style({ paddingTop: vars.space['2'], borderTop: `1px dashed ${vars.color.border}` });

export const actions = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space['2'] });

export const hintTitle = style({ display: 'block', fontWeight: vars.weight.semibold });

import { style } from '@vanilla-extract/css';
import { vars, mobile } from '../../../ui/theme.css.ts';

export const page = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.05fr)',
  minHeight: '100dvh',
  '@media': { 'screen and (max-width: 959.98px)': { gridTemplateColumns: '1fr' } },
});

export const formColumn = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space['8']} ${vars.space['10']}`,
  '@media': { [mobile]: { padding: `${vars.space['6']} ${vars.space['5']}` } },
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.weight.semibold,
  textDecoration: 'none',
  color: vars.color.ink,
  width: 'fit-content',
});

export const formWrap = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  width: '100%',
  maxWidth: '420px',
  margin: '0 auto',
  paddingBlock: vars.space['8'],
});

export const heading = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.02em',
  '@media': { [mobile]: { fontSize: vars.fontSize['2xl'] } },
});

export const subheading = style({ marginTop: vars.space['2'], color: vars.color.muted });

export const form = style({ display: 'grid', gap: vars.space['4'], marginTop: vars.space['8'] });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});

export const link = style({
  color: vars.color.ink,
  fontWeight: vars.weight.medium,
  fontSize: vars.fontSize.sm,
  textUnderlineOffset: '3px',
  selectors: { '&:hover': { color: vars.color.accentInk } },
});

export const footnote = style({
  marginTop: vars.space['6'],
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  textAlign: 'center',
});

export const legal = style({ fontSize: vars.fontSize.xs, color: vars.color.subtle, textAlign: 'center' });

export const visual = style({
  position: 'relative',
  overflow: 'hidden',
  margin: vars.space['4'],
  borderRadius: vars.radius.xl,
  background: `radial-gradient(120% 90% at 80% 10%, ${vars.color.artDeep} 0%, ${vars.color.ink} 60%)`,
  color: vars.color.onInk,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'space-between',
  padding: vars.space['10'],
  '@media': { 'screen and (max-width: 959.98px)': { display: 'none' } },
});

export const visualQuote = style({
  fontFamily: vars.font.display,
  fontSize: '2.5rem',
  lineHeight: 1.15,
  letterSpacing: '-0.02em',
  maxWidth: '16ch',
});

export const visualNote = style({ color: vars.color.artNote, maxWidth: '42ch', marginTop: vars.space['4'] });

export const centered = style({
  display: 'grid',
  gap: vars.space['4'],
  justifyItems: 'start',
  marginTop: vars.space['6'],
});

export const iconBadge = style({
  display: 'grid',
  placeItems: 'center',
  width: '52px',
  height: '52px',
  borderRadius: vars.radius.full,
  background: vars.color.accentSoft,
  color: vars.color.accentInk,
  marginBottom: vars.space['4'],
});

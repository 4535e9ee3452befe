// Styles the projects screens share: page frame, heading, tabs, empty and error states.
import { style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const srOnly = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const page = style({
  display: 'grid',
  gap: vars.space['6'],
  minWidth: 0,
  '@media': { [mobile]: { gap: vars.space['5'] } },
});

export const head = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  flexWrap: 'wrap',
});

export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.02em',
  lineHeight: vars.lineHeight.tight,
  '@media': { [mobile]: { fontSize: vars.fontSize['2xl'] } },
});

export const lead = style({ color: vars.color.muted, marginTop: vars.space['1'] });

// On a phone the three tabs share the width (Greek 'Αρχειοθετημένα' included, at 390 px);
// on a narrower screen they scroll rather than squeeze.
export const tabs = style({
  display: 'flex',
  gap: vars.space['1'],
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
  scrollbarWidth: 'none',
  '@media': { [mobile]: { gap: 0 } },
});

export const tab = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  marginBottom: '-1px',
  borderBottom: '2px solid transparent',
  color: vars.color.muted,
  fontWeight: vars.weight.medium,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.ink },
    '&[aria-current="page"]': { color: vars.color.ink, borderBottomColor: vars.color.accent },
  },
  '@media': {
    [mobile]: {
      flex: '1 0 auto',
      justifyContent: 'center',
      padding: `${vars.space['3']} ${vars.space['2']}`,
    },
  },
});

export const empty = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['12']} ${vars.space['6']}`,
  borderRadius: vars.radius.xl,
  border: `1px dashed ${vars.color.borderStrong}`,
  background: vars.color.surface,
  textAlign: 'center',
  color: vars.color.inkSoft,
});

export const emptyIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '56px',
  height: '56px',
  borderRadius: '50%',
  background: vars.color.accentSoft,
  color: vars.color.accentInk,
});

export const emptyTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.weight.semibold,
  color: vars.color.ink,
});

export const errorRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});

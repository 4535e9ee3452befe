// The operator console's screens: theme tokens only.
import { globalStyle, style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const page = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['6'],
  minWidth: 0,
  '@media': { [mobile]: { gap: vars.space['5'] } },
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

export const tabs = style({
  display: 'flex',
  gap: vars.space['1'],
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
});

export const tab = style({
  display: 'inline-flex',
  alignItems: 'center',
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
  '@media': { [mobile]: { flex: '1 0 auto', justifyContent: 'center' } },
});

export const sectionTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.weight.semibold,
});

export const list = style({
  display: 'grid',
  gap: vars.space['4'],
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

export const card = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['4'],
  padding: vars.space['5'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
  '@media': { [mobile]: { padding: vars.space['4'] } },
});

export const cardHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});

export const cardTitle = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.weight.semibold,
  overflowWrap: 'anywhere',
});

export const meta = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const badges = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });

export const pictures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['3'],
  maxWidth: '560px',
});

export const figure = style({ display: 'grid', gap: vars.space['1'], margin: 0, minWidth: 0 });

export const picture = style({
  width: '100%',
  aspectRatio: '3 / 4',
  objectFit: 'contain',
  background: vars.color.surfaceSunken,
  borderRadius: vars.radius.md,
  display: 'block',
});

export const caption = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });

export const description = style({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  margin: 0,
});

export const actions = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });

export const form = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

export const preview = style({
  maxWidth: '240px',
  width: '100%',
  borderRadius: vars.radius.md,
  display: 'block',
});

export const fileLabel = style({
  display: 'grid',
  gap: vars.space['1'],
  fontWeight: vars.weight.medium,
  minWidth: 0,
});

globalStyle(`${fileLabel} input`, { maxWidth: '100%', fontSize: vars.fontSize.sm });

export const empty = style({
  padding: vars.space['8'],
  textAlign: 'center',
  color: vars.color.muted,
  background: vars.color.surface,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
});

export const recentRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  flexWrap: 'wrap',
  padding: `${vars.space['3']} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});

export const panel = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['5'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  maxWidth: '720px',
  '@media': { [mobile]: { padding: vars.space['4'] } },
});

export const searchRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: vars.space['2'],
  alignItems: 'end',
});

export const seller = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['3'],
  width: '100%',
  padding: vars.space['3'],
  textAlign: 'start',
  background: vars.color.surface,
  color: vars.color.ink,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  font: 'inherit',
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&[aria-pressed="true"]': { borderColor: vars.color.accent, background: vars.color.accentSoft },
  },
});

export const sellerMain = style({
  display: 'grid',
  gap: vars.space['1'],
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const balance = style({ fontWeight: vars.weight.semibold, whiteSpace: 'nowrap' });

// the Inbox: a message's fields, the kind filter
export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: vars.space['3'],
  margin: 0,
});

export const field = style({ display: 'grid', gap: vars.space['1'], minWidth: 0 });

export const fieldLong = style({ display: 'grid', gap: vars.space['1'], minWidth: 0, gridColumn: '1 / -1' });

export const fieldValue = style({ margin: 0, overflowWrap: 'anywhere' });

globalStyle(`${fieldLong} dd`, { marginInlineStart: 0 });

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
});

export const chip = style({
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.inkSoft,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&[aria-pressed="true"]': {
      background: vars.color.ink,
      borderColor: vars.color.ink,
      color: vars.color.onInk,
    },
  },
});

// the Work tab: the queue's numbers, the health checks, the failed and stuck work
export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
  gap: vars.space['3'],
  margin: 0,
});

export const stat = style({
  display: 'grid',
  gap: vars.space['1'],
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});

export const statValue = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.weight.semibold,
});

export const checks = style({ display: 'grid', gap: 0, listStyle: 'none', padding: 0, margin: 0 });

export const check = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: vars.space['3'],
  alignItems: 'baseline',
  padding: `${vars.space['2']} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});

export const checkName = style({ fontWeight: vars.weight.medium, overflowWrap: 'anywhere' });

export const code = style({
  fontSize: vars.fontSize.xs,
  overflowWrap: 'anywhere',
});

// a seller's page
export const backLink = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.ink, textDecoration: 'underline' } },
});

export const subCard = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['3'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
  '@media': { [mobile]: { padding: vars.space['3'] } },
});

export const rows = style({ display: 'grid', listStyle: 'none', padding: 0, margin: 0, minWidth: 0 });

export const row = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['3'],
  flexWrap: 'wrap',
  padding: `${vars.space['3']} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  minWidth: 0,
  selectors: { '&:first-child': { borderTop: 'none' } },
});

export const rowMain = style({ display: 'grid', gap: vars.space['1'], minWidth: 0, flex: '1 1 14rem' });

export const rowSide = style({
  display: 'grid',
  justifyItems: 'end',
  gap: vars.space['1'],
  textAlign: 'end',
  '@media': { [mobile]: { justifyItems: 'start', textAlign: 'start' } },
});

export const amount = style({ fontWeight: vars.weight.semibold, whiteSpace: 'nowrap' });

export const failure = style({ color: vars.color.danger, overflowWrap: 'anywhere' });

// The AI's attempt on a fix card
export const aiPanel = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
});

export const aiTitle = style({ fontSize: vars.fontSize.sm, fontWeight: vars.weight.semibold });

export const aiStatus = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
});

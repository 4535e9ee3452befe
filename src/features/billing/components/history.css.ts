import { globalStyle, style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const page = style({ display: 'grid', gap: vars.space['6'], maxWidth: vars.size.content });
export const header = style({ display: 'grid', gap: vars.space['1'] });
export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.02em',
  '@media': { [mobile]: { fontSize: vars.fontSize['2xl'] } },
});
export const lead = style({ color: vars.color.muted });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  justifyContent: 'space-between',
  marginBottom: vars.space['4'],
});
export const search = style({ position: 'relative', flex: '1 1 260px', maxWidth: '420px' });
export const searchIcon = style({
  position: 'absolute',
  left: vars.space['3'],
  top: '50%',
  transform: 'translateY(-50%)',
  color: vars.color.muted,
  pointerEvents: 'none',
});
export const searchInput = style({
  width: '100%',
  minHeight: '42px',
  padding: `0 ${vars.space['3']} 0 ${vars.space['10']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.ink,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
});
export const tableWrap = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  overflow: 'hidden',
});
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
globalStyle(`${table} th`, {
  textAlign: 'left',
  fontWeight: vars.weight.medium,
  color: vars.color.muted,
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.05em',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  background: vars.color.surfaceMuted,
  borderBottom: `1px solid ${vars.color.border}`,
});
globalStyle(`${table} td`, {
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});
globalStyle(`${table} tbody tr:last-child td`, { borderBottom: 0 });
export const dateCell = style({
  whiteSpace: 'nowrap',
  color: vars.color.inkSoft,
  fontVariantNumeric: 'tabular-nums',
});
export const actionCell = style({ fontWeight: vars.weight.medium, whiteSpace: 'nowrap' });
export const detailsCell = style({
  color: vars.color.inkSoft,
  maxWidth: '360px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
export const amountCell = style({
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'right',
});
export const rightHead = style({ textAlign: 'right' });
export const linkCell = style({ textAlign: 'right', whiteSpace: 'nowrap' });
export const srOnly = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
export const empty = style({
  padding: `${vars.space['10']} ${vars.space['4']}`,
  textAlign: 'center',
  color: vars.color.muted,
});

// phones: each row is a card
export const desktopOnly = style({ '@media': { [mobile]: { display: 'none' } } });
export const mobileOnly = style({ display: 'none', '@media': { [mobile]: { display: 'grid' } } });
export const cards = style({ gap: vars.space['3'], listStyle: 'none', margin: 0, padding: 0 });
export const rowCard = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});
export const rowCardTop = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space['3'],
});
export const rowCardBottom = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});
export const muted = style({ color: vars.color.muted, fontSize: vars.fontSize.xs });

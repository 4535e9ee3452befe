import { style } from '@vanilla-extract/css';
import { vars, mobile } from '../../../ui/theme.css.ts';

export const page = style({ display: 'grid', gap: vars.space['6'], maxWidth: '880px' });
export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.02em',
  '@media': { [mobile]: { fontSize: vars.fontSize['2xl'] } },
});
export const lead = style({ color: vars.color.muted, marginTop: vars.space['1'] });
export const panel = style({ display: 'grid', gap: vars.space['5'], marginTop: vars.space['5'] });

export const section = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.5fr)',
  gap: vars.space['6'],
  '@media': { [mobile]: { gridTemplateColumns: '1fr', gap: vars.space['4'] } },
});
export const sectionTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.weight.semibold });
export const sectionText = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  marginTop: vars.space['1'],
});
export const fields = style({ display: 'grid', gap: vars.space['4'], alignContent: 'start' });
export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});
export const radioGroup = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space['3'],
  border: 0,
  margin: 0,
  padding: 0,
});
export const radio = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  fontWeight: vars.weight.medium,
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.ink, boxShadow: `inset 0 0 0 1px ${vars.color.ink}` },
  },
});
export const radioInput = style({ accentColor: vars.color.ink, width: '18px', height: '18px', margin: 0 });
export const dangerZone = style({ borderColor: vars.color.dangerSoft });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['4'],
  margin: 0,
  '@media': { [mobile]: { gridTemplateColumns: '1fr' } },
});
export const fact = style({
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  display: 'grid',
  gap: vars.space['1'],
});
export const factLabel = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.muted,
  textTransform: 'uppercase',
  letterSpacing: '0.05em',
  fontWeight: vars.weight.medium,
});
export const factValue = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.weight.semibold });
// on a phone one button a row, each the full width (wrapped, they stood ragged at three widths)
export const linkRow = style({
  display: 'flex',
  gap: vars.space['3'],
  flexWrap: 'wrap',
  '@media': { [mobile]: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' } },
});

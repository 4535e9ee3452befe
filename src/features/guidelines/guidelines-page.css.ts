import { style, styleVariants } from '@vanilla-extract/css';
import { vars, mobile } from '../../ui/theme.css.ts';

export const page = style({ minHeight: '100dvh', background: vars.color.bg });
export const top = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  maxWidth: '1040px',
  margin: '0 auto',
  padding: `${vars.space['6']} ${vars.space['6']} 0`,
});
export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.weight.semibold,
  color: vars.color.ink,
  textDecoration: 'none',
});
export const main = style({
  maxWidth: '1040px',
  margin: '0 auto',
  padding: `${vars.space['10']} ${vars.space['6']} ${vars.space['16']}`,
  display: 'grid',
  gap: vars.space['8'],
  '@media': { [mobile]: { padding: `${vars.space['6']} ${vars.space['4']} ${vars.space['12']}` } },
});
export const title = style({
  fontFamily: vars.font.display,
  fontSize: '2.5rem',
  letterSpacing: '-0.02em',
  '@media': { [mobile]: { fontSize: vars.fontSize['2xl'] } },
});
export const lead = style({
  color: vars.color.muted,
  maxWidth: '60ch',
  marginTop: vars.space['3'],
  fontSize: vars.fontSize.lg,
});
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space['5'],
  '@media': { 'screen and (max-width: 899.98px)': { gridTemplateColumns: '1fr' } },
});
export const card = style({
  padding: vars.space['6'],
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderTopWidth: '4px',
});
export const tone = styleVariants({
  danger: { borderTopColor: vars.color.danger },
  warning: { borderTopColor: vars.color.accent },
  success: { borderTopColor: vars.color.success },
});
export const cardHead = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  marginBottom: vars.space['2'],
});
export const cardTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.weight.semibold });
export const cardText = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  marginBottom: vars.space['4'],
});
export const list = style({ margin: 0, paddingLeft: vars.space['5'], display: 'grid', gap: vars.space['2'] });
export const section = style({
  padding: vars.space['6'],
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});
export const sectionTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.weight.semibold,
  marginBottom: vars.space['3'],
});
export const refund = style([
  section,
  {
    background: vars.color.accentSoft,
    borderColor: 'transparent',
    display: 'flex',
    gap: vars.space['4'],
    alignItems: 'flex-start',
  },
]);

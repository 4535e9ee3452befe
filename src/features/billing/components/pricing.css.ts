import { globalStyle, style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const page = style({
  display: 'grid',
  gap: vars.space['10'],
  maxWidth: vars.size.content,
  '@media': { [mobile]: { gap: vars.space['8'] } },
});
export const header = style({ display: 'grid', gap: vars.space['2'], maxWidth: '720px' });
export const eyebrow = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.accentInk,
  fontWeight: vars.weight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});
export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.02em',
  lineHeight: vars.lineHeight.tight,
  '@media': { [mobile]: { fontSize: vars.fontSize['2xl'] } },
});
export const lead = style({ color: vars.color.muted, fontSize: vars.fontSize.md });
export const section = style({ display: 'grid', gap: vars.space['5'], scrollMarginTop: '88px' });
export const sectionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});
export const sectionTitle = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.01em',
});
export const sectionText = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  marginTop: vars.space['1'],
});

// credit packs
export const packs = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.4fr) minmax(280px, 1fr)',
  gap: vars.space['6'],
  alignItems: 'stretch',
  '@media': { 'screen and (max-width: 899.98px)': { gridTemplateColumns: '1fr' } },
});
export const sliderBox = style({ display: 'grid', gap: vars.space['4'], alignContent: 'start' });
export const creditsValue = style({ display: 'flex', alignItems: 'baseline', gap: vars.space['2'] });
export const creditsNumber = style({
  fontFamily: vars.font.display,
  fontSize: '2.75rem',
  fontWeight: vars.weight.semibold,
  lineHeight: 1,
  letterSpacing: '-0.03em',
  fontVariantNumeric: 'tabular-nums',
});
export const creditsUnit = style({ color: vars.color.muted, fontWeight: vars.weight.medium });
export const slider = style({
  width: '100%',
  accentColor: vars.color.accentStrong,
  height: '28px',
  cursor: 'pointer',
  margin: 0,
});
export const ticks = style({
  display: 'flex',
  justifyContent: 'space-between',
  fontSize: vars.fontSize.xs,
  color: vars.color.muted,
  fontVariantNumeric: 'tabular-nums',
});
export const tiers = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const tierChip = style({
  fontSize: vars.fontSize.xs,
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  background: vars.color.surface,
});
export const tierChipOn = style({
  borderColor: vars.color.accent,
  color: vars.color.accentInk,
  background: vars.color.accentSoft,
  fontWeight: vars.weight.semibold,
});
export const priceBox = style({
  display: 'grid',
  gap: vars.space['3'],
  alignContent: 'space-between',
  padding: vars.space['5'],
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
});
export const priceLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const priceRow = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});
export const priceTotal = style({
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.weight.bold,
  letterSpacing: '-0.02em',
  fontVariantNumeric: 'tabular-nums',
});
export const priceWas = style({
  color: vars.color.muted,
  textDecoration: 'line-through',
  fontSize: vars.fontSize.sm,
});
export const unit = style({ fontSize: vars.fontSize.sm, color: vars.color.inkSoft });
export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

// plan table
export const plans = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space['4'],
  alignItems: 'stretch',
  '@media': {
    'screen and (max-width: 1179.98px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [mobile]: { gridTemplateColumns: '1fr' },
  },
});
export const plan = style({
  position: 'relative',
  display: 'grid',
  gridTemplateRows: 'auto auto auto 1fr auto',
  gap: vars.space['4'],
  padding: vars.space['6'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});
export const planPopular = style({
  borderColor: vars.color.accent,
  boxShadow: `0 0 0 1px ${vars.color.accent}, ${vars.shadow.md}`,
});
export const planCurrent = style({ borderColor: vars.color.ink, boxShadow: `0 0 0 1px ${vars.color.ink}` });
export const planTop = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  minHeight: '28px',
});
export const planName = style({ fontSize: vars.fontSize.lg, fontWeight: vars.weight.semibold });
// three lines, so the prices of the cards line up (descriptions run to three lines in Greek)
export const planDescription = style({
  fontSize: vars.fontSize.sm,
  lineHeight: 1.5,
  color: vars.color.muted,
  minHeight: '4.5em',
  '@media': { [mobile]: { minHeight: 0 } },
});
export const planPrice = style({ display: 'flex', alignItems: 'baseline', gap: vars.space['1'] });
export const planAmount = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.02em',
  lineHeight: 1,
});
export const planAmountWords = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.weight.semibold,
  lineHeight: 1.15,
});
export const planPeriod = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const planCredits = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.semibold,
  color: vars.color.accentInk,
  marginTop: vars.space['1'],
});
export const features = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space['2'],
  alignContent: 'start',
  fontSize: vars.fontSize.sm,
});
export const feature = style({
  display: 'grid',
  gridTemplateColumns: '18px 1fr',
  gap: vars.space['2'],
  alignItems: 'start',
  color: vars.color.inkSoft,
});
export const featureIcon = style({ color: vars.color.success, marginTop: '2px' });
export const planNotice = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.inkSoft,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.sm,
  padding: `${vars.space['2']} ${vars.space['3']}`,
});
export const planActions = style({ display: 'grid', gap: vars.space['2'] });

// FAQ
export const faq = style({ display: 'grid', gap: vars.space['2'], maxWidth: '860px' });
export const faqItem = style({ borderBottom: `1px solid ${vars.color.border}` });
export const faqQuestion = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  padding: `${vars.space['4']} 0`,
  fontWeight: vars.weight.medium,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
});
export const faqChevron = style({
  flexShrink: 0,
  transition: `transform ${vars.motion.normal} ${vars.motion.ease}`,
  color: vars.color.muted,
});
globalStyle(`details[open] > summary .${faqChevron}`, { transform: 'rotate(180deg)' });
export const faqAnswer = style({
  paddingBottom: vars.space['4'],
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
  maxWidth: '72ch',
  lineHeight: vars.lineHeight.normal,
});

// dialogs
export const form = style({ display: 'grid', gap: vars.space['4'] });
export const twoColumns = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space['4'],
  '@media': { [mobile]: { gridTemplateColumns: '1fr' } },
});
export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space['3'],
});
export const success = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['6']} 0`,
  textAlign: 'center',
});
export const successIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '56px',
  height: '56px',
  borderRadius: '50%',
  background: vars.color.successSoft,
  color: vars.color.success,
});
export const successTitle = style({ fontWeight: vars.weight.semibold, fontSize: vars.fontSize.lg });
export const dialogText = style({
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  display: 'grid',
  gap: vars.space['3'],
});

import { keyframes, style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

const rise = keyframes({
  from: { opacity: 0, transform: 'translateY(10px)' },
  to: { opacity: 1, transform: 'none' },
});

export const page = style({
  display: 'grid',
  placeItems: 'start center',
  paddingTop: vars.space['10'],
  '@media': { [mobile]: { paddingTop: vars.space['4'] } },
});
export const card = style({
  width: 'min(560px, 100%)',
  display: 'grid',
  gap: vars.space['5'],
  justifyItems: 'center',
  textAlign: 'center',
  padding: `${vars.space['10']} ${vars.space['8']}`,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
  animation: `${rise} 420ms ${vars.motion.ease} both`,
  '@media': { [mobile]: { padding: `${vars.space['8']} ${vars.space['5']}` } },
});
export const icon = style({
  display: 'grid',
  placeItems: 'center',
  width: '64px',
  height: '64px',
  borderRadius: '50%',
});
export const iconSuccess = style({ background: vars.color.successSoft, color: vars.color.success });
export const iconWaiting = style({ background: vars.color.accentSoft, color: vars.color.accentInk });
export const iconProblem = style({ background: vars.color.warningSoft, color: vars.color.warning });
export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.02em',
  lineHeight: vars.lineHeight.tight,
});
export const text = style({ color: vars.color.inkSoft, maxWidth: '46ch' });
export const facts = style({
  width: '100%',
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['3'],
  margin: 0,
  '@media': { [mobile]: { gridTemplateColumns: '1fr' } },
});
export const fact = style({
  display: 'grid',
  gap: vars.space['1'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  textAlign: 'left',
});
export const factLabel = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.muted,
  textTransform: 'uppercase',
  letterSpacing: '0.05em',
  fontWeight: vars.weight.medium,
});
export const factValue = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.weight.semibold,
  fontVariantNumeric: 'tabular-nums',
});
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space['3'],
});

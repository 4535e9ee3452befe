// Shared look of the tool screens: the page header, the two-panel layout, the drop area,
// the checkerboard and the progress bar.
import { style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const page = style({ display: 'grid', gap: vars.space['6'], maxWidth: vars.size.content });

export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  textDecoration: 'none',
  fontWeight: vars.weight.medium,
  selectors: { '&:hover': { color: vars.color.ink } },
});
export const header = style({ display: 'grid', gap: vars.space['2'] });
export const titleRow = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space['3'],
});
export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.02em',
  lineHeight: vars.lineHeight.tight,
  '@media': { [mobile]: { fontSize: vars.fontSize['2xl'] } },
});
export const lead = style({ color: vars.color.muted, maxWidth: '62ch' });

export const panels = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: vars.space['6'],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 1023.98px)': { gridTemplateColumns: '1fr' } },
});
export const panel = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['5'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  '@media': { [mobile]: { padding: vars.space['4'] } },
});
export const panelTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.weight.semibold });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
});
export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

export const drop = style({
  position: 'relative',
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['10']} ${vars.space['5']}`,
  borderRadius: vars.radius.lg,
  border: `2px dashed ${vars.color.borderStrong}`,
  background: vars.color.bg,
  textAlign: 'center',
  transition: `border-color ${vars.motion.fast}, background ${vars.motion.fast}`,
  selectors: {
    '&[data-dragging="true"]': { borderColor: vars.color.accent, background: vars.color.accentSoft },
    '&[aria-disabled="true"]': { opacity: 0.6 },
  },
  '@media': { [mobile]: { padding: `${vars.space['6']} ${vars.space['4']}` } },
});
export const dropIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '3.25rem',
  height: '3.25rem',
  borderRadius: vars.radius.full,
  background: vars.color.accentSoft,
  color: vars.color.accentInk,
});
export const dropTitle = style({ fontWeight: vars.weight.semibold });
export const hiddenInput = style({
  position: 'absolute',
  width: 1,
  height: 1,
  opacity: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
});

const checker = vars.color.checker;
/** The transparency checkerboard under a cut-out. */
export const checkerboard = style({
  backgroundColor: vars.color.surface,
  backgroundImage: `linear-gradient(45deg, ${checker} 25%, transparent 25%), linear-gradient(-45deg, ${checker} 25%, transparent 25%), linear-gradient(45deg, transparent 75%, ${checker} 75%), linear-gradient(-45deg, transparent 75%, ${checker} 75%)`,
  backgroundSize: '20px 20px',
  backgroundPosition: '0 0, 0 10px, 10px -10px, -10px 0',
});

export const progress = style({ display: 'grid', gap: vars.space['2'] });
export const progressHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
});
export const progressTrack = style({
  height: 8,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  overflow: 'hidden',
});
export const progressFill = style({
  height: '100%',
  borderRadius: vars.radius.full,
  background: vars.color.accent,
  transition: `width ${vars.motion.slow} ${vars.motion.ease}`,
});

export const placeholder = style({
  display: 'grid',
  placeItems: 'center',
  alignContent: 'center',
  gap: vars.space['2'],
  minHeight: 280,
  padding: vars.space['6'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  color: vars.color.muted,
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
});
export const price = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.accentInk,
  fontWeight: vars.weight.semibold,
});
/** Scrolled to on one-column layouts: clears the sticky header. */
export const revealTarget = style({ scrollMarginTop: `calc(${vars.size.header} + ${vars.space['3']})` });

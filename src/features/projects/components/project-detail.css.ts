import { keyframes, style } from '@vanilla-extract/css';
import { mobile, reducedMotion, vars } from '../../../ui/theme.css.ts';

export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
  textDecoration: 'none',
  justifySelf: 'start',
  selectors: { '&:hover': { color: vars.color.ink } },
});

export const head = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space['4'],
  flexWrap: 'wrap',
});
export const headText = style({ display: 'grid', gap: vars.space['2'], minWidth: 0, flex: '1 1 320px' });
export const meta = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  flexWrap: 'wrap',
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
});
export const actions = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });

export const nameHeading = style({ margin: 0, minWidth: 0 });
export const nameButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  maxWidth: '100%',
  padding: `2px ${vars.space['2']}`,
  marginLeft: `calc(-1 * ${vars.space['2']})`,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.ink,
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.02em',
  lineHeight: vars.lineHeight.tight,
  textAlign: 'left',
  cursor: 'text',
  selectors: { '&:hover': { borderColor: vars.color.border, background: vars.color.surface } },
  '@media': { [mobile]: { fontSize: vars.fontSize['2xl'] } },
});
export const nameText = style({
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});
export const nameIcon = style({ flex: 'none', color: vars.color.muted });
export const nameInput = style({
  width: '100%',
  maxWidth: '640px',
  padding: `2px ${vars.space['2']}`,
  marginLeft: `calc(-1 * ${vars.space['2']})`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.02em',
  lineHeight: vars.lineHeight.tight,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' } },
  '@media': { [mobile]: { fontSize: vars.fontSize['2xl'] } },
});

export const panes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['5'],
  '@media': { [mobile]: { gridTemplateColumns: '1fr', gap: vars.space['4'] } },
});
export const pane = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, auto)',
  justifyContent: 'center',
  alignContent: 'start',
  gap: vars.space['2'],
  margin: 0,
  minWidth: 0,
  '@media': { [mobile]: { gridTemplateColumns: 'minmax(0, 1fr)', justifyContent: 'stretch' } },
});
export const paneGenerated = style({ '@media': { [mobile]: { order: -1 } } });
export const caption = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.semibold,
  color: vars.color.inkSoft,
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});
export const captionHint = style({ fontWeight: vars.weight.regular, color: vars.color.muted });
export const frame = style({
  position: 'relative',
  aspectRatio: '2 / 3',
  // both panes and the strip fit on a desktop screen; phones scroll
  height: 'min(calc(100dvh - 300px), 900px)',
  minHeight: '360px',
  maxWidth: '100%',
  '@media': { [mobile]: { height: 'auto', width: '100%', minHeight: 0 } },
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});
export const fill = style({ position: 'absolute', inset: 0, width: '100%', height: '100%' });

export const lens = style({
  position: 'absolute',
  width: '250px',
  height: '250px',
  borderRadius: '50%',
  border: `3px solid ${vars.color.surface}`,
  boxShadow: vars.shadow.lg,
  backgroundRepeat: 'no-repeat',
  backgroundColor: vars.color.surface,
  pointerEvents: 'none',
  zIndex: 2,
});
export const zoomSurface = style({ position: 'absolute', inset: 0, overflow: 'hidden' });
export const zoomContent = style({
  position: 'absolute',
  inset: 0,
  transformOrigin: '0 0',
  willChange: 'transform',
});
export const zoomAnimated = style({
  transition: `transform ${vars.motion.normal} ${vars.motion.ease}`,
  '@media': { [reducedMotion]: { transition: 'none' } },
});
export const zoomHint = style({
  position: 'absolute',
  bottom: vars.space['3'],
  left: '50%',
  transform: 'translateX(-50%)',
  padding: `4px ${vars.space['3']}`,
  borderRadius: vars.radius.full,
  background: vars.color.scrimStrong,
  color: vars.color.onInk,
  fontSize: vars.fontSize.xs,
  pointerEvents: 'none',
  whiteSpace: 'nowrap',
});

export const stateBox = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeContent: 'center',
  justifyItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['6'],
  textAlign: 'center',
  color: vars.color.inkSoft,
});
export const stateTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.weight.semibold,
  color: vars.color.ink,
});
export const progress = style({
  width: '200px',
  height: '6px',
  borderRadius: vars.radius.full,
  background: vars.color.border,
  overflow: 'hidden',
});
const slide = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(250%)' } });
export const progressFill = style({
  height: '100%',
  background: vars.color.accent,
  transition: `width ${vars.motion.slow} ${vars.motion.ease}`,
});
export const progressRunning = style({
  width: '40%',
  animation: `${slide} 1.4s ${vars.motion.ease} infinite`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});

export const strip = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  justifyContent: 'center',
});
export const thumbs = style({
  display: 'flex',
  gap: vars.space['2'],
  overflowX: 'auto',
  padding: vars.space['1'],
  listStyle: 'none',
  margin: 0,
});
export const thumbButton = style({
  display: 'block',
  padding: 0,
  width: '64px',
  height: '82px',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  border: `2px solid transparent`,
  background: vars.color.surfaceSunken,
  cursor: 'pointer',
  selectors: { '&[aria-current="true"]': { borderColor: vars.color.ink } },
});
export const thumbImage = style({ width: '100%', height: '100%' });

export const banner = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});
export const video = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'contain',
  background: vars.color.ink,
});
export const loading = style({ display: 'grid', gap: vars.space['4'] });

import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { mobile, reducedMotion, vars } from '../../../ui/theme.css.ts';

export const card = style({
  position: 'relative',
  display: 'grid',
  gridTemplateRows: 'auto auto',
  maxWidth: '413px',
  width: '100%',
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
  transition: `box-shadow ${vars.motion.normal} ${vars.motion.ease}, transform ${vars.motion.normal} ${vars.motion.ease}`,
  selectors: { '&:hover': { boxShadow: vars.shadow.md } },
  '@media': { [mobile]: { maxWidth: 'none' } },
});

export const media = style({
  position: 'relative',
  display: 'block',
  aspectRatio: '413 / 440',
  borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
  overflow: 'hidden',
  background: vars.color.surfaceSunken,
  // no content-visibility here: measured (bench/projects-list.bench.ts), toggling it on every
  // card entering and leaving the screen cost more layout while scrolling than it saved
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' } },
});

export const layer = style({ position: 'absolute', inset: 0, width: '100%', height: '100%' });

export const originalLayer = style({
  opacity: 0,
  transition: `opacity ${vars.motion.normal} ${vars.motion.ease}`,
  selectors: { '&[data-shown="true"]': { opacity: 1 } },
});

export const dimmed = style({ filter: 'blur(6px) saturate(0.6)', transform: 'scale(1.08)' });

export const overlay = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeContent: 'center',
  justifyItems: 'center',
  gap: vars.space['2'],
  padding: vars.space['5'],
  textAlign: 'center',
  color: vars.color.onInk,
  background: vars.color.scrim,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
  lineHeight: vars.lineHeight.normal,
});

export const rejectedOverlay = style({ background: vars.color.dangerScrim });

export const progressTrack = style({
  width: '140px',
  height: '4px',
  borderRadius: vars.radius.full,
  background: vars.color.glassFaint,
  overflow: 'hidden',
});

const indeterminate = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(250%)' },
});

export const progressFill = style({
  height: '100%',
  background: vars.color.onInk,
  transition: `width ${vars.motion.slow} ${vars.motion.ease}`,
});
export const progressRunning = style({
  width: '40%',
  animation: `${indeterminate} 1.4s ${vars.motion.ease} infinite`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});

export const corner = style({
  position: 'absolute',
  display: 'flex',
  gap: vars.space['2'],
  alignItems: 'center',
  zIndex: 1,
});
export const topLeft = style([corner, { top: vars.space['3'], left: vars.space['3'] }]);
export const topRight = style([corner, { top: vars.space['3'], right: vars.space['3'] }]);
export const bottomLeft = style([corner, { bottom: vars.space['3'], left: vars.space['3'] }]);

export const chip = style({
  padding: `3px ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  background: vars.color.glass,
  color: vars.color.ink,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.weight.semibold,
  boxShadow: vars.shadow.sm,
});

export const roundButton = style({
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  borderRadius: '50%',
  border: 'none',
  background: vars.color.glass,
  color: vars.color.ink,
  boxShadow: vars.shadow.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&[aria-pressed="true"]': { background: vars.color.ink, color: vars.color.onInk },
  },
});

export const footer = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gridTemplateAreas: '"name actions" "meta meta"',
  alignItems: 'center',
  columnGap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['2']} ${vars.space['3']} ${vars.space['4']}`,
});

export const name = style({
  gridArea: 'name',
  fontWeight: vars.weight.semibold,
  fontSize: vars.fontSize.md,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const nameLink = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

// Status, type and time wrap as whole pieces when a language's words do not fit one line
// (Greek on a phone: 'Σε επεξεργασία · Σε μοντέλο · πριν από 12 δευτερόλεπτα'). The dots
// between them hang in a gutter left of each piece; the first piece of every line has its
// dot in the part of the gutter the outer box clips, so no line starts or ends with one.
const DOT_GUTTER = '14px';
export const meta = style({
  gridArea: 'meta',
  minWidth: 0,
  overflow: 'hidden',
  marginTop: '-2px',
  color: vars.color.muted,
  fontSize: vars.fontSize.xs,
});
export const metaItems = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  rowGap: '2px',
  marginLeft: `calc(-1 * ${DOT_GUTTER})`,
  whiteSpace: 'nowrap',
});
globalStyle(`${metaItems} > *`, { position: 'relative', marginLeft: DOT_GUTTER });
globalStyle(`${metaItems} > *::before`, {
  content: '"·" / ""',
  position: 'absolute',
  left: `calc(-1 * ${DOT_GUTTER})`,
  width: DOT_GUTTER,
  textAlign: 'center',
  color: vars.color.muted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.weight.regular,
});

export const actions = style({ gridArea: 'actions', display: 'flex', alignItems: 'center', gap: 0 });

export const iconButton = style({
  display: 'grid',
  placeItems: 'center',
  width: '38px',
  height: '38px',
  borderRadius: vars.radius.md,
  border: 'none',
  background: 'transparent',
  color: vars.color.inkSoft,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted, color: vars.color.ink },
    '&[aria-disabled="true"]': { color: vars.color.subtle, cursor: 'not-allowed' },
    '&[aria-disabled="true"]:hover': { background: 'transparent' },
  },
});

export const dangerButton = style({
  selectors: {
    '&:hover:not([aria-disabled="true"])': { color: vars.color.danger, background: vars.color.dangerSoft },
  },
});

export const archivedActions = style({
  display: 'flex',
  gap: vars.space['2'],
  padding: `0 ${vars.space['3']} ${vars.space['3']}`,
  flexWrap: 'wrap',
});

export const textButton = style([
  iconButton,
  {
    width: 'auto',
    display: 'inline-flex',
    gap: vars.space['2'],
    padding: `0 ${vars.space['3']}`,
    fontSize: vars.fontSize.sm,
    fontWeight: vars.weight.medium,
  },
]);

// The wizard's frame: heading, breadcrumb, the step, and the bar with Back and Next.
import { style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const page = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['6'],
  paddingBottom: vars.space['16'],
  '@media': { [mobile]: { gap: vars.space['5'] } },
});
export const head = style({ display: 'grid', gap: vars.space['1'] });
export const eyebrow = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  fontWeight: vars.weight.medium,
});
export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.02em',
  '@media': { [mobile]: { fontSize: vars.fontSize['2xl'] } },
});
export const lead = style({ color: vars.color.muted, maxWidth: '62ch' });

export const crumbs = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  listStyle: 'none',
  margin: 0,
  padding: `${vars.space['1']} 0`,
  overflowX: 'auto',
  scrollbarWidth: 'none',
  whiteSpace: 'nowrap',
});
export const crumb = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  flexShrink: 0,
});
export const crumbLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
  color: vars.color.inkSoft,
  textDecoration: 'none',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: {
    'a&:hover': { borderColor: vars.color.borderStrong, background: vars.color.surfaceMuted },
    '&[aria-current="step"]': {
      background: vars.color.ink,
      color: vars.color.onInk,
      borderColor: vars.color.ink,
    },
    '&[aria-disabled="true"]': {
      color: vars.color.subtle,
      background: 'transparent',
      borderStyle: 'dashed',
      cursor: 'not-allowed',
    },
  },
});
export const crumbNumber = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.35rem',
  height: '1.35rem',
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  background: vars.color.surfaceMuted,
  color: vars.color.inkSoft,
  selectors: { '[aria-current="step"] &': { background: vars.color.accent, color: vars.color.onImage } },
});
export const crumbArrow = style({ color: vars.color.subtle, flexShrink: 0 });

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: `${vars.space['3']} 0`,
});
export const barSticky = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 5,
  background: `linear-gradient(to top, ${vars.color.bg} 70%, transparent)`,
  '@media': { [mobile]: { paddingBottom: `calc(${vars.space['3']} + env(safe-area-inset-bottom))` } },
});
export const barHint = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  flex: 1,
  textAlign: 'right',
  '@media': { [mobile]: { display: 'none' } },
});
/** Next is blurred and inert until the step has its selection (spec 2 §2). */
export const nextInert = style({ filter: 'blur(1px)', opacity: 0.45, pointerEvents: 'none' });

export const sectionTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.weight.semibold });
export const muted = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const note = style({
  display: 'flex',
  gap: vars.space['2'],
  alignItems: 'flex-start',
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  padding: `${vars.space['2']} ${vars.space['3']}`,
});
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space['4'],
});

/** Model, pose and background cards: 230 px wide (spec 2 §9), fewer columns on phones. */
export const cardGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 230px))',
  gap: vars.space['5'],
  '@media': { [mobile]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space['3'] } },
});

import { style } from '@vanilla-extract/css';
import { mobile, vars, wide } from '../../../ui/theme.css.ts';

export const page = style({
  display: 'grid',
  gap: vars.space['6'],
  maxWidth: vars.size.content,
  paddingBottom: vars.space['16'],
});
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
export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.02em',
  lineHeight: vars.lineHeight.tight,
  '@media': { [mobile]: { fontSize: vars.fontSize['2xl'] } },
});
export const lead = style({ color: vars.color.muted, maxWidth: '62ch' });
export const sectionTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.weight.semibold });

// Select ---------------------------------------------------------------------------------
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});
export const search = style({ position: 'relative', flex: '1 1 280px', maxWidth: 420 });
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
  minHeight: 44,
  padding: `0 ${vars.space['3']} 0 2.5rem`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.ink,
  font: 'inherit',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 } },
});
export const count = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['4'],
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '@media': {
    'screen and (min-width: 700px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [wide]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: vars.space['5'] },
  },
});
export const pick = style({
  position: 'relative',
  display: 'grid',
  gridTemplateRows: 'auto auto',
  width: '100%',
  padding: 0,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.ink,
  textAlign: 'left',
  font: 'inherit',
  cursor: 'pointer',
  overflow: 'hidden',
  transition: `box-shadow ${vars.motion.normal}, border-color ${vars.motion.normal}`,
  selectors: {
    '&:hover': { boxShadow: vars.shadow.md },
    '&[aria-pressed="true"]': { borderColor: vars.color.accent, boxShadow: `0 0 0 2px ${vars.color.accent}` },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
export const pickImage = style({ aspectRatio: '4 / 5', width: '100%' });
export const pickBody = style({
  display: 'grid',
  gap: 2,
  padding: `${vars.space['3']} ${vars.space['3']} ${vars.space['4']}`,
  minWidth: 0,
});
export const pickName = style({
  fontWeight: vars.weight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const pickMeta = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });
export const check = style({
  position: 'absolute',
  top: vars.space['2'],
  right: vars.space['2'],
  display: 'grid',
  placeItems: 'center',
  width: '1.75rem',
  height: '1.75rem',
  borderRadius: vars.radius.full,
  background: vars.color.accentStrong,
  color: vars.color.onImage,
  boxShadow: vars.shadow.sm,
});
export const videoTag = style({ position: 'absolute', top: vars.space['2'], left: vars.space['2'] });
export const pager = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});
export const pageText = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
  minWidth: '7rem',
  textAlign: 'center',
});
export const stickyBar = style({
  position: 'sticky',
  bottom: vars.space['3'],
  zIndex: 5,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.glass,
  flexWrap: 'nowrap',
  boxShadow: vars.shadow.md,
});
export const selectedText = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  flex: '1 1 0',
});
/** Previous / Next say it in words where there is room; phones keep the arrows. */
export const pagerLabel = style({
  '@media': {
    [mobile]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
});
export const empty = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['12']} ${vars.space['6']}`,
  borderRadius: vars.radius.lg,
  border: `1px dashed ${vars.color.borderStrong}`,
  background: vars.color.surface,
  textAlign: 'center',
  color: vars.color.inkSoft,
});

// Create ---------------------------------------------------------------------------------
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(240px, 340px) minmax(0, 1fr)',
  gap: vars.space['8'],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 899.98px)': { gridTemplateColumns: '1fr', gap: vars.space['5'] } },
});
export const source = style({
  display: 'grid',
  gap: vars.space['3'],
  alignItems: 'center',
  '@media': {
    'screen and (min-width: 900px)': {
      position: 'sticky',
      top: `calc(${vars.size.header} + ${vars.space['4']})`,
    },
    // phones: a row — the image small beside its name, so the styles come first
    'screen and (max-width: 899.98px)': { gridTemplateColumns: 'auto minmax(0, 1fr)' },
  },
});
export const sourceImage = style({
  aspectRatio: '2 / 3',
  width: '100%',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  '@media': { 'screen and (max-width: 899.98px)': { width: 88, borderRadius: vars.radius.md } },
});
export const sourceName = style({ fontWeight: vars.weight.semibold });
export const sourceMeta = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const styles = style({ display: 'grid', gap: vars.space['4'] });
export const styleGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['3'],
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '@media': {
    'screen and (min-width: 640px)': {
      gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
      gap: vars.space['4'],
    },
  },
});
export const generateBar = style({
  position: 'sticky',
  bottom: vars.space['3'],
  zIndex: 5,
  boxShadow: vars.shadow.md,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const cost = style({ display: 'grid', gap: 2, fontSize: vars.fontSize.sm, color: vars.color.inkSoft });
export const costStrong = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontWeight: vars.weight.semibold,
  color: vars.color.ink,
});

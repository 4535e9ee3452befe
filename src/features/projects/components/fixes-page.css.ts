import { style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
  gap: vars.space['4'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const card = style({
  display: 'grid',
  gridTemplateColumns: '96px minmax(0, 1fr)',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});
export const thumb = style({ width: '96px', height: '128px', borderRadius: vars.radius.md });
export const body = style({ display: 'grid', gap: vars.space['1'], alignContent: 'start', minWidth: 0 });
export const top = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  alignItems: 'flex-start',
});
export const project = style({
  fontWeight: vars.weight.semibold,
  color: vars.color.ink,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const description = style({
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});
export const date = style({ color: vars.color.muted, fontSize: vars.fontSize.xs });
// On a phone 'Page x of y' sits on its own line above Previous and Next (Greek words are long).
export const pager = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['4'],
  '@media': { [mobile]: { flexWrap: 'wrap', rowGap: vars.space['2'] } },
});
export const pageLabel = style({
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
  minWidth: '8ch',
  textAlign: 'center',
  whiteSpace: 'nowrap',
  '@media': { [mobile]: { order: -1, flexBasis: '100%' } },
});
export const note = style({
  margin: 0,
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
export const download = style({ justifySelf: 'start', marginTop: vars.space['1'] });

/** The project page's list of its fix requests. */
export const section = style({ display: 'grid', gap: vars.space['3'] });
export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.weight.semibold,
});
export const detailCard = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const resultImage = style({
  width: '100%',
  maxWidth: '320px',
  aspectRatio: '2 / 3',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

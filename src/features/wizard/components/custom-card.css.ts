import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const card = style({
  background: `linear-gradient(160deg, ${vars.color.accentSoft}, ${vars.color.surface})`,
  minHeight: '100%',
});
export const locked = style({ background: vars.color.surfaceMuted, borderStyle: 'dashed' });
export const inner = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space['3'],
  padding: vars.space['4'],
  height: '100%',
});
export const icon = style({
  display: 'grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.accentInk,
  boxShadow: vars.shadow.sm,
});
export const lockedText = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
  fontWeight: vars.weight.medium,
});
export const upgrade = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.accentInk,
  fontWeight: vars.weight.semibold,
  textUnderlineOffset: '3px',
});
const clamp = (lines: number) =>
  style({
    fontSize: vars.fontSize.sm,
    color: vars.color.inkSoft,
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: lines,
    overflow: 'hidden',
    whiteSpace: 'pre-line',
  });
/** Custom descriptions show at most 5 lines (model) or 8 (background) (spec 2 §4). */
export const clamp5 = clamp(5);
export const clamp8 = clamp(8);
export const editButton = style({ position: 'relative', zIndex: 2, justifySelf: 'start' });
export const textarea = style({
  width: '100%',
  resize: 'vertical',
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
});
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space['2'] });
export const counter = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.inkSoft,
  justifySelf: 'end',
  fontVariantNumeric: 'tabular-nums',
});

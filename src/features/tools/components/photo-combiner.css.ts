import { style } from '@vanilla-extract/css';
import { mobile, vars } from '../../../ui/theme.css.ts';

export const slots = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['3'],
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
export const slot = style({
  position: 'relative',
  display: 'grid',
  gridTemplateRows: '1fr auto',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  overflow: 'hidden',
  aspectRatio: '3 / 4',
});
export const emptySlot = style({
  display: 'grid',
  placeItems: 'center',
  alignContent: 'center',
  gap: vars.space['1'],
  color: vars.color.subtle,
  fontSize: vars.fontSize.sm,
  border: `1px dashed ${vars.color.borderStrong}`,
  background: vars.color.bg,
});
export const thumb = style({
  width: '100%',
  height: '100%',
  objectFit: 'contain',
  minHeight: 0,
  background: vars.color.surface,
});
export const slotLabel = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.inkSoft,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  minWidth: 0,
});
export const fileName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const order = style({ fontWeight: vars.weight.semibold, flexShrink: 0 });
export const remove = style({
  position: 'absolute',
  top: vars.space['2'],
  right: vars.space['2'],
  display: 'grid',
  placeItems: 'center',
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.ink,
  cursor: 'pointer',
  boxShadow: vars.shadow.sm,
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.dangerSoft, color: vars.color.danger },
    '&:disabled': { opacity: 0.5, cursor: 'default' },
  },
});
export const preview = style({
  display: 'grid',
  placeItems: 'center',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  padding: vars.space['3'],
  minHeight: 280,
});
export const result = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: 560,
  objectFit: 'contain',
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
  '@media': { [mobile]: { maxHeight: 420 } },
});
export const meta = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

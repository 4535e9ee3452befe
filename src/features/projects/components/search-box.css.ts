import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const wrap = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'], flexWrap: 'wrap' });
export const field = style({ position: 'relative', flex: '1 1 280px', maxWidth: '460px' });
export const icon = style({
  position: 'absolute',
  left: vars.space['3'],
  top: '50%',
  transform: 'translateY(-50%)',
  color: vars.color.muted,
  pointerEvents: 'none',
});
export const input = style({
  width: '100%',
  minHeight: '44px',
  padding: `0 ${vars.space['3']} 0 ${vars.space['10']}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.ink,
  fontSize: vars.fontSize.md,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' } },
});
export const count = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

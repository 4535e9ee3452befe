import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const rows = style({ display: 'grid', gap: vars.space['3'], margin: 0 });
export const row = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  fontSize: vars.fontSize.sm,
});
export const term = style({ color: vars.color.muted });
export const value = style({ margin: 0, fontWeight: vars.weight.semibold, textAlign: 'right' });
export const meter = style({
  marginTop: vars.space['5'],
  height: '8px',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  overflow: 'hidden',
});
export const meterFill = style({
  display: 'block',
  height: '100%',
  borderRadius: vars.radius.full,
  background: vars.color.accent,
  transition: `width ${vars.motion.slow} ${vars.motion.ease}`,
});

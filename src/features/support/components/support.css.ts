import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const form = style({ display: 'grid', gap: vars.space['4'] });
export const success = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['6']} 0`,
  textAlign: 'center',
});
export const successIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '56px',
  height: '56px',
  borderRadius: '50%',
  background: vars.color.successSoft,
  color: vars.color.success,
});
export const successTitle = style({ fontWeight: vars.weight.semibold, fontSize: vars.fontSize.lg });
export const muted = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space['3'],
});

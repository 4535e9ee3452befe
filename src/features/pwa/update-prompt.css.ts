import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const bar = style({
  position: 'fixed',
  left: '50%',
  bottom: vars.space['5'],
  transform: 'translateX(-50%)',
  zIndex: vars.z.toast,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  flexWrap: 'wrap',
  width: 'max-content',
  maxWidth: 'calc(100vw - 24px)',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.lg,
  background: vars.color.ink,
  color: vars.color.onInk,
  boxShadow: vars.shadow.lg,
  fontSize: vars.fontSize.sm,
});

export const actions = style({ display: 'flex', gap: vars.space['2'] });

import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const page = style({ display: 'grid', gap: vars.space['8'], maxWidth: vars.size.content });
export const locked = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['4'],
  padding: vars.space['5'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

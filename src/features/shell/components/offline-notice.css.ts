import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['6']}`,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: vars.fontSize.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});

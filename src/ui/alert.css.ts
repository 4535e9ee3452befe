import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const base = style({
  display: 'flex',
  gap: vars.space['3'],
  alignItems: 'flex-start',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

export const tone = styleVariants({
  success: { background: vars.color.successSoft, color: vars.color.success },
  error: { background: vars.color.dangerSoft, color: vars.color.danger },
  info: { background: vars.color.infoSoft, color: vars.color.info },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
});

export const icon = style({ flexShrink: 0, marginTop: '1px' });

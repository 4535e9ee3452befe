import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.weight.semibold,
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
});

export const tone = styleVariants({
  neutral: { background: vars.color.surfaceMuted, color: vars.color.inkSoft },
  accent: { background: vars.color.accentSoft, color: vars.color.accentInk },
  success: { background: vars.color.successSoft, color: vars.color.success },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  info: { background: vars.color.infoSoft, color: vars.color.info },
  ink: { background: vars.color.ink, color: vars.color.onInk },
});

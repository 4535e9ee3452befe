import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const resume = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  background: vars.color.accentSoft,
  border: `1px solid ${vars.color.border}`,
});
export const resumeText = style({ display: 'grid', gap: '2px' });
export const text = style({ fontSize: vars.fontSize.sm, color: vars.color.inkSoft });
export const resumeActions = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });

// A labelled native select's look (SelectField), the same on every screen that offers one.
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const label = style({
  display: 'grid',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
  color: vars.color.inkSoft,
});
export const select = style({
  appearance: 'none',
  minWidth: '10rem',
  minHeight: '42px',
  padding: `${vars.space['2']} ${vars.space['8']} ${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: `${vars.color.surface} url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' fill='none' stroke='%23645d54' stroke-width='2'%3E%3Cpath d='M4 6l4 4 4-4'/%3E%3C/svg%3E") no-repeat right 0.6rem center`,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  color: vars.color.ink,
});

import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const page = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['4'],
  maxWidth: '560px',
  margin: `${vars.space['12']} auto 0`,
  padding: vars.space['10'],
  borderRadius: vars.radius.xl,
  border: `1px dashed ${vars.color.borderStrong}`,
  background: vars.color.surface,
  textAlign: 'center',
});
export const icon = style({
  display: 'grid',
  placeItems: 'center',
  width: '64px',
  height: '64px',
  borderRadius: '50%',
  background: vars.color.accentSoft,
  color: vars.color.accentInk,
});
export const title = style({ fontFamily: vars.font.display, fontSize: vars.fontSize['2xl'] });
export const text = style({ color: vars.color.inkSoft });
export const note = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const stage = style({ position: 'relative', height: '360px', marginBlock: vars.space['8'] });

const tile = style({
  position: 'absolute',
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.xl,
  overflow: 'hidden',
});

export const before = style([
  tile,
  {
    left: '2%',
    top: '40px',
    width: '42%',
    height: '280px',
    background: `linear-gradient(160deg, ${vars.color.artLight}, ${vars.color.artLightShade})`,
    transform: 'rotate(-4deg)',
  },
]);
export const after = style([
  tile,
  {
    left: '38%',
    top: 0,
    width: '52%',
    height: '350px',
    background: `linear-gradient(170deg, ${vars.color.artSand} 0%, ${vars.color.artTan} 55%, ${vars.color.artBrown} 100%)`,
  },
]);

export const label = style({
  position: 'absolute',
  left: vars.space['3'],
  bottom: vars.space['3'],
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  background: vars.color.glass,
  color: vars.color.ink,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.weight.semibold,
});

export const art = style({ width: '100%', height: '100%' });

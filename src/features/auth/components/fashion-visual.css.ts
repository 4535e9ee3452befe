import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const stage = style({ position: 'relative', height: '360px', marginBlock: vars.space['8'] });

const tile = style({
  position: 'absolute',
  borderRadius: vars.radius.lg,
  boxShadow: '0 24px 60px rgba(0,0,0,0.35)',
  overflow: 'hidden',
});

export const before = style([
  tile,
  {
    left: '2%',
    top: '40px',
    width: '42%',
    height: '280px',
    background: 'linear-gradient(160deg, #efe9e1, #d9d0c4)',
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
    background: 'linear-gradient(170deg, #c9b59a 0%, #a88d6c 55%, #7d6650 100%)',
  },
]);

export const label = style({
  position: 'absolute',
  left: vars.space['3'],
  bottom: vars.space['3'],
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  background: 'rgba(255,255,255,0.85)',
  color: vars.color.ink,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.weight.semibold,
});

export const art = style({ width: '100%', height: '100%' });

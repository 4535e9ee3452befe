import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const section = style({ display: 'grid', gap: vars.space['3'] });
export const picture = style({ width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'top' });

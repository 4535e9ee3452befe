import { style } from '@vanilla-extract/css';
import { mobile } from '../../../ui/theme.css.ts';

export const link = style({ textDecoration: 'none', flexShrink: 0 });

/** on a phone the chip shows the spinner and the number only; the words stay for screen readers */
export const count = style({ display: 'none', '@media': { [mobile]: { display: 'inline' } } });

export const label = style({
  '@media': {
    [mobile]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
});

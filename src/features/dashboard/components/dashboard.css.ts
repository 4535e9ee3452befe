import { keyframes, style } from '@vanilla-extract/css';
import { vars, mobile } from '../../../ui/theme.css.ts';

// From a faded, not an invisible, start: the greeting is the first screen's largest text and is
// on screen from its first frame (a browser counts a fully transparent element as not painted).
const introRise = keyframes({
  from: { opacity: 0.3, transform: 'translateY(14px)' },
  to: { opacity: 1, transform: 'none' },
});

export const page = style({
  display: 'grid',
  gap: vars.space['8'],
  '@media': { [mobile]: { gap: vars.space['6'] } },
});

/** Sections rise in one after another when landing on /home. */
export const intro = style({
  animation: `${introRise} 560ms ${vars.motion.ease} both`,
  selectors: {
    '&:nth-child(2)': { animationDelay: '80ms' },
    '&:nth-child(3)': { animationDelay: '160ms' },
    '&:nth-child(4)': { animationDelay: '240ms' },
    '&:nth-child(5)': { animationDelay: '320ms' },
  },
});

export const hero = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  flexWrap: 'wrap',
});
export const eyebrow = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  marginBottom: vars.space['2'],
});
export const greeting = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  fontWeight: vars.weight.semibold,
  letterSpacing: '-0.02em',
  '@media': { [mobile]: { fontSize: vars.fontSize['2xl'] } },
});
export const lead = style({ color: vars.color.muted, marginTop: vars.space['1'] });

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space['5'],
  '@media': { 'screen and (max-width: 1023.98px)': { gridTemplateColumns: '1fr' } },
});

export const split = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.6fr) minmax(0, 1fr)',
  gap: vars.space['5'],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 1023.98px)': { gridTemplateColumns: '1fr' } },
});
/** a split whose two cards end on one line (statistics beside subscription) */
export const even = style({ alignItems: 'stretch' });

export const sectionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  marginBottom: vars.space['4'],
});
export const sectionTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.weight.semibold });
export const sectionLink = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
  fontWeight: vars.weight.medium,
  textUnderlineOffset: '3px',
});
export const stack = style({ display: 'grid', gap: vars.space['5'] });

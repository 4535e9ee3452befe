// Small layout pieces features compose (style([wrapRow, {...}])) instead of writing the same
// flex rules and quiet-text rules again.
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** Items in a row that wraps on narrow screens. */
export const wrapRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
/** Small quiet text: statuses, hints, dates. */
export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
/** A note led by an icon. */
export const iconNote = style([note, { display: 'flex', alignItems: 'center', gap: vars.space['1'] }]);
/** A boxed surface with rounded corners (a summary bar, a choice card). */
export const panel = style({
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

import { style } from '@vanilla-extract/css';
import { vars, mobile } from '../../../ui/theme.css.ts';

export const shell = style({
  display: 'grid',
  gridTemplateColumns: `${vars.size.sidebar} minmax(0, 1fr)`,
  minHeight: '100dvh',
  transition: `grid-template-columns ${vars.motion.slow} ${vars.motion.ease}`,
  selectors: { '&[data-collapsed="true"]': { gridTemplateColumns: '76px minmax(0, 1fr)' } },
  '@media': {
    [mobile]: {
      gridTemplateColumns: 'minmax(0, 1fr)',
      selectors: { '&[data-collapsed="true"]': { gridTemplateColumns: 'minmax(0, 1fr)' } },
    },
  },
});

// The sidebar's column runs the whole height of the page (its background and border too,
// however long the page scrolls); what is in it stays in view, one screen tall.
export const sidebarSlot = style({
  alignSelf: 'stretch',
  borderRight: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  '@media': { [mobile]: { display: 'none' } },
});

export const sidebarSticky = style({
  position: 'sticky',
  top: 0,
  height: '100dvh',
});

export const column = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space['8']} ${vars.space['8']} ${vars.space['16']}`,
  outline: 'none',
  '@media': { [mobile]: { padding: `${vars.space['5']} ${vars.space['4']} ${vars.space['12']}` } },
});

export const skipLink = style({
  position: 'absolute',
  left: vars.space['3'],
  top: '-100px',
  zIndex: vars.z.dialog,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  background: vars.color.ink,
  color: vars.color.onInk,
  selectors: { '&:focus': { top: vars.space['3'] } },
});

export const drawer = style({
  margin: 0,
  padding: 0,
  width: 'min(85vw, 300px)',
  maxWidth: 'none',
  height: '100dvh',
  maxHeight: 'none',
  border: 0,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  selectors: { '&::backdrop': { background: vars.color.overlay } },
});

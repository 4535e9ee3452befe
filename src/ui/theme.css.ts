// Design tokens. Components read these through `vars`, never literal colours.
import { createGlobalTheme } from '@vanilla-extract/css';

export const vars = createGlobalTheme(':root', {
  color: {
    bg: '#faf8f5',
    surface: '#ffffff',
    surfaceMuted: '#f3efe9',
    surfaceSunken: '#ece6dd',
    ink: '#1f1b16',
    inkSoft: '#3b352e',
    muted: '#645d54',
    subtle: '#736b61',
    border: '#e4ddd3',
    borderStrong: '#cfc6b9',
    accent: '#a9824a',
    /** the accent as a background under white text (5.5:1) */
    accentStrong: '#86622f',
    accentSoft: '#f5ecdf',
    accentInk: '#6e5226',
    onInk: '#faf8f5',
    focus: '#2f5fd0',
    success: '#2e6b47',
    successSoft: '#e6f2ea',
    danger: '#b3261e',
    dangerSoft: '#fbe9e7',
    warning: '#8a5a00',
    warningSoft: '#fdf3dc',
    info: '#2f4f8a',
    infoSoft: '#e8eef9',
    overlay: 'rgba(31, 27, 22, 0.45)',
    /** text and icons on a photo, a scrim or the accent */
    onImage: '#ffffff',
    /** a dark veil over a photo, under white text */
    scrim: 'rgba(31, 27, 22, 0.6)',
    scrimStrong: 'rgba(31, 27, 22, 0.75)',
    /** a rejected project's veil */
    dangerScrim: 'rgba(122, 26, 20, 0.78)',
    /** a light chip or bar over a photo */
    glass: 'rgba(255, 255, 255, 0.92)',
    glassFaint: 'rgba(255, 255, 255, 0.25)',
    /** the page colour, see-through, under a sticky bar */
    bgTranslucent: 'rgba(250, 248, 245, 0.86)',
    /** a neutral tint that reads on light and dark cards */
    neutralTint: 'rgba(127, 127, 127, 0.14)',
    /** the squares behind a transparent picture */
    checker: '#e9e4dc',
    /** the sign-in screens' and the dashboard's illustration */
    artLight: '#efe9e1',
    artLightShade: '#d9d0c4',
    artSand: '#c9b59a',
    artTan: '#a88d6c',
    artBrown: '#7d6650',
    artDeep: '#3a3027',
    artNote: '#d9cfc2',
  },
  // with the app's faces; until they are allowed, the system's (web-fonts.css.ts)
  font: {
    body: '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
    display: '"Noto Serif Display", Georgia, "Times New Roman", serif',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    '2xl': '1.75rem',
    '3xl': '2.25rem',
  },
  lineHeight: { tight: '1.2', normal: '1.5' },
  weight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  space: {
    '0': '0',
    '1': '0.25rem',
    '2': '0.5rem',
    '3': '0.75rem',
    '4': '1rem',
    '5': '1.25rem',
    '6': '1.5rem',
    '8': '2rem',
    '10': '2.5rem',
    '12': '3rem',
    '16': '4rem',
  },
  radius: { sm: '6px', md: '10px', lg: '14px', xl: '20px', full: '999px' },
  shadow: {
    sm: '0 1px 2px rgba(31, 27, 22, 0.06)',
    md: '0 4px 16px rgba(31, 27, 22, 0.08)',
    lg: '0 18px 48px rgba(31, 27, 22, 0.16)',
    xl: '0 24px 60px rgba(0, 0, 0, 0.35)',
    /** a hairline ring around a swatch or a picture */
    ring: '0 0 0 1px rgba(31, 27, 22, 0.2)',
  },
  size: { sidebar: '256px', header: '64px', content: '1200px' },
  z: { header: '20', drawer: '40', popover: '50', dialog: '60', toast: '70' },
  motion: { fast: '120ms', normal: '200ms', slow: '360ms', ease: 'cubic-bezier(0.2, 0, 0, 1)' },
});

/** Phones and small tablets (the spec's 768 px mobile breakpoint). */
export const mobile = 'screen and (max-width: 767.98px)';
export const desktop = 'screen and (min-width: 768px)';
export const wide = 'screen and (min-width: 1100px)';
export const reducedMotion = '(prefers-reduced-motion: reduce)';

// The system's type faces until the app's own are allowed (web-fonts.ts): the same stacks as the
// theme's without their first family, so nothing asks for a web font before then.
import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';
import { WEB_FONTS_ATTRIBUTE } from './web-fonts.ts';

export const SYSTEM_SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif';
export const SYSTEM_SERIF = 'Georgia, "Times New Roman", serif';

globalStyle(`:root:not([${WEB_FONTS_ATTRIBUTE}=""])`, {
  vars: { [vars.font.body]: SYSTEM_SANS, [vars.font.display]: SYSTEM_SERIF },
});

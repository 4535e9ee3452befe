// The preview picture of each video style: a model in a setting that suggests the motion.
import type { Composition } from './compose.ts';

const svg = (body: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1536" viewBox="0 0 1024 1536"><defs>${defs}</defs>${body}</svg>`;

/** A pale runway strip on the loft floor, running towards the camera. */
const runway = svg(
  '<path d="M440 1010 L584 1010 L860 1536 L164 1536Z" fill="#f4f0ea" opacity="0.9"/><path d="M440 1010 L584 1010 L592 1024 L432 1024Z" fill="#d9d2c8"/>',
);

/** A turntable ring around the feet. */
const turntable = svg(
  '<ellipse cx="520" cy="1460" rx="250" ry="46" fill="#ffffff" opacity="0.55"/><ellipse cx="520" cy="1460" rx="250" ry="46" fill="none" stroke="#c8c0b5" stroke-width="4"/><ellipse cx="520" cy="1470" rx="250" ry="46" fill="none" stroke="#b3aa9e" stroke-width="3" opacity="0.6"/>',
);

/** A warm late-afternoon grade with a soft vignette, for the cinematic style. */
const cinematic = svg(
  '<rect width="1024" height="1536" fill="#ffb46b" opacity="0.12"/><rect width="1024" height="1536" fill="url(#vg)"/>',
  '<radialGradient id="vg" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#1b1208" stop-opacity="0"/><stop offset="1" stop-color="#1b1208" stop-opacity="0.38"/></radialGradient>',
);

export const VIDEO_STYLE_PREVIEWS: Record<string, Composition> = {
  'zoom-in': { backdrop: 'studio-white', figure: 'elena', pose: 'front-view', zoom: 1.7, focusY: 0.32 },
  'object-cinematic': { backdrop: 'villa-pool', figure: 'nadia', pose: 'side-view', over: cinematic },
  casual: { backdrop: 'urban-street', figure: 'zoe', pose: 'front-view' },
  '360-motion': { backdrop: ['#eceae6', '#d4cfc8'], figure: 'lucas', pose: 'back-view', under: turntable },
  'runway-walk': { backdrop: 'loft', figure: 'amara', pose: 'front-view', under: runway },
};

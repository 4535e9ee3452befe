// The soft studio backdrop of the model gallery and pose cards: a tinted paper sweep with a
// light pool behind the figure, and a contact shadow under the feet for each view.

import { lookFor } from './models.ts';
import type { PoseSlug } from './proportions.ts';
import { PROPORTIONS } from './proportions.ts';
import { svgDoc } from './svg.ts';

/** A 1024 x 1536 backdrop going from `light` (wall) to `deep` (floor and edges). */
export function studioBackdropSvg(light: string, deep: string): string {
  const defs = `<linearGradient id="bd-wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset="0.45" stop-color="${light}"/><stop offset="0.74" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient><radialGradient id="bd-pool" cx="0.5" cy="0.46" r="0.55"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient><linearGradient id="bd-floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.07"/></linearGradient>`;
  const body = `<rect width="1024" height="1536" fill="url(#bd-wall)"/><rect width="1024" height="1536" fill="url(#bd-pool)"/><path d="M0 1150 C320 1120 704 1120 1024 1150 V1536 H0Z" fill="url(#bd-floor)"/>`;
  return svgDoc(1024, 1536, body, defs);
}

/** The gallery backdrop of a catalogue model (its own tint). */
export function modelBackdropSvg(slug: string): string {
  const look = lookFor(slug);
  if (!look) throw new Error(`unknown catalogue model: ${slug}`);
  return studioBackdropSvg(look.backdrop[0], look.backdrop[1]);
}

/** A soft contact shadow under the figure's feet, for compositing under the figure. */
export function floorShadowSvg(slug: string, pose: PoseSlug): string {
  const look = lookFor(slug);
  if (!look) throw new Error(`unknown catalogue model: ${slug}`);
  const p = PROPORTIONS[look.gender];
  const y = p.ankleY + (pose === 'side-view' ? 70 : 54);
  const cx = pose === 'side-view' ? p.cx + 14 : p.cx;
  const rx = pose === 'side-view' ? 90 : 110;
  const defs = `<radialGradient id="fs"><stop offset="0" stop-color="#2a2018" stop-opacity="0.32"/><stop offset="0.6" stop-color="#2a2018" stop-opacity="0.12"/><stop offset="1" stop-color="#2a2018" stop-opacity="0"/></radialGradient>`;
  return svgDoc(1024, 1536, `<ellipse cx="${cx}" cy="${y}" rx="${rx}" ry="18" fill="url(#fs)"/>`, defs);
}

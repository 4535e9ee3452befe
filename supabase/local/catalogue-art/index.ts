// The illustrated catalogue figures: each model drawn by code in three views, alone on a
// transparent 1024 x 1536 canvas, wearing fitted neutral basics, with the boxes where a top,
// a bottom or a full-length garment sits on it. The local preview renderer (supabase/local/fashn)
// composes garments over these; scripts/catalogue/generate.ts turns them into the shipped
// catalogue images. This interface is shared with the renderer: keep it stable.

import { Canvas } from './canvas.ts';
import { drawFrontOrBack } from './front.ts';
import { type Gender, MODEL_LOOKS, type ModelLook, lookFor } from './models.ts';
import { paletteFor } from './palette.ts';
import { type Anchors, type Box, type PoseSlug, anchorsFor } from './proportions.ts';
import { drawSide } from './side.ts';
import { svgDoc } from './svg.ts';

export type { Anchors, Box, Gender, ModelLook, PoseSlug };

export const FIGURE_WIDTH = 1024;
export const FIGURE_HEIGHT = 1536;
export const POSES: readonly PoseSlug[] = ['front-view', 'back-view', 'side-view'];

export interface FigureLayer {
  /** the figure alone on a transparent background */
  svg: string;
  width: 1024;
  height: 1536;
  anchors: Anchors;
}

/** Draws the model `slug` in `pose`. Throws for an unknown slug. */
export function figureLayer(slug: string, pose: PoseSlug): FigureLayer {
  const look = lookFor(slug);
  if (!look) throw new Error(`unknown catalogue model: ${slug}`);
  return figureLayerOf(look, pose);
}

/** Draws a figure of any look in `pose` (the local renderer's described people use this). */
export function figureLayerOf(look: ModelLook, pose: PoseSlug): FigureLayer {
  const slug = look.slug;
  if (!POSES.includes(pose)) throw new Error(`unknown pose: ${pose}`);
  const c = new Canvas(`${slug}-${pose}`);
  const pal = paletteFor(look);
  if (pose === 'side-view') drawSide(c, look, pal);
  else drawFrontOrBack(c, look, pal, pose === 'back-view');
  return {
    svg: svgDoc(FIGURE_WIDTH, FIGURE_HEIGHT, c.bodyMarkup, c.defsMarkup),
    width: FIGURE_WIDTH,
    height: FIGURE_HEIGHT,
    anchors: anchorsFor(look.gender, pose),
  };
}

/** The slugs of the 15 catalogue models, women first, in catalogue order. */
export function knownModelSlugs(): string[] {
  return MODEL_LOOKS.map((m) => m.slug);
}

/** The figure used when a model image is not one of the catalogue's own (a custom model). */
export function defaultFigureSlug(gender: Gender): string {
  return gender === 'men' ? 'nikos' : 'sofia';
}

export function genderOf(slug: string): Gender | undefined {
  return lookFor(slug)?.gender;
}

export { floorShadowSvg, modelBackdropSvg, studioBackdropSvg } from './backdrop.ts';

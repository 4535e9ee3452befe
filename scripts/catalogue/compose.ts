// Composes catalogue pictures from the drawn layers: a backdrop or scene, the figure's contact
// shadow, the figure, and optional extras (a runway, a turntable, a colour grade, a crop).

import sharp, { type OverlayOptions } from 'sharp';
import {
  figureLayer,
  floorShadowSvg,
  modelBackdropSvg,
  studioBackdropSvg,
  type PoseSlug,
} from '../../supabase/local/catalogue-art/index.ts';
import { SCENES } from './scenes/index.ts';

export interface Composition {
  /** a scene slug, 'model' for the model's own studio backdrop, or a [light, deep] studio tint */
  backdrop: string | [string, string];
  figure: string;
  pose: PoseSlug;
  /** SVG drawn between the backdrop and the figure (floor marks) */
  under?: string;
  /** SVG drawn over everything (a colour grade) */
  over?: string;
  /** > 1 crops towards `focusY` (0..1 of the height) */
  zoom?: number;
  focusY?: number;
}

const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

export async function compose(c: Composition): Promise<Buffer> {
  const backdropSvg = Array.isArray(c.backdrop)
    ? studioBackdropSvg(c.backdrop[0], c.backdrop[1])
    : c.backdrop === 'model'
      ? modelBackdropSvg(c.figure)
      : sceneSvg(c.backdrop);
  const layers: OverlayOptions[] = [];
  if (c.under) layers.push({ input: await png(c.under) });
  layers.push({ input: await png(floorShadowSvg(c.figure, c.pose)) });
  layers.push({ input: await png(figureLayer(c.figure, c.pose).svg) });
  if (c.over) layers.push({ input: await png(c.over) });
  let out = await sharp(await png(backdropSvg))
    .composite(layers)
    .png()
    .toBuffer();
  if (c.zoom && c.zoom > 1) {
    const w = Math.round(1024 / c.zoom);
    const h = Math.round(1536 / c.zoom);
    const top = Math.round(Math.min(1536 - h, Math.max(0, (c.focusY ?? 0.5) * 1536 - h / 2)));
    out = await sharp(out)
      .extract({ left: Math.round((1024 - w) / 2), top, width: w, height: h })
      .resize(1024, 1536)
      .png()
      .toBuffer();
  }
  return out;
}

export function sceneSvg(slug: string): string {
  const draw = SCENES[slug];
  if (!draw) throw new Error(`no scene drawn for background ${slug}`);
  return draw();
}

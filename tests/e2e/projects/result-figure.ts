// Whose figure is in a generated picture: the preview renderer draws the chosen catalogue
// model's figure, so the head and hair of the result match that model's and not another's.
import sharp from 'sharp';
import { catalogueFigure } from '../../../supabase/local/fashn/render/figures.ts';
import { expect } from '../support/fixtures.ts';

/** Mean colour distance between a result and a model's figure, over the figure's head and hair. */
export async function headDistance(result: Buffer, slug: string): Promise<number> {
  const figure = await catalogueFigure(slug, 'front-view');
  const { width, height, data: fig } = figure.image;
  const pixels = await sharp(result).resize(width, height).removeAlpha().raw().toBuffer();
  const headEnd = figure.anchors.top.y;
  let sum = 0;
  let n = 0;
  for (let y = 0; y < headEnd; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (figure.alpha[i] < 250) continue;
      sum +=
        Math.abs(pixels[i * 3] - fig[i * 4]) +
        Math.abs(pixels[i * 3 + 1] - fig[i * 4 + 1]) +
        Math.abs(pixels[i * 3 + 2] - fig[i * 4 + 2]);
      n++;
    }
  }
  expect(n).toBeGreaterThan(2000);
  return sum / n / 3;
}

// The figures the renderer builds on: every model in every view draws, on a transparent canvas,
// with garment anchors that are inside the canvas, where the figure actually is, and in the
// order a body has them (a top's box above a bottom's, a full-length box covering both).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { POSES, defaultFigureSlug, figureLayer, genderOf, knownModelSlugs } from './index.ts';

describe('catalogue figures', () => {
  it('knows the 15 catalogue models, women first', () => {
    const slugs = knownModelSlugs();
    expect(slugs).toHaveLength(15);
    expect(slugs.slice(0, 9).every((s) => genderOf(s) === 'women')).toBe(true);
    expect(slugs.slice(9).every((s) => genderOf(s) === 'men')).toBe(true);
    expect(genderOf(defaultFigureSlug('women'))).toBe('women');
    expect(genderOf(defaultFigureSlug('men'))).toBe('men');
  });

  it('refuses an unknown model or pose', () => {
    expect(() => figureLayer('nobody', 'front-view')).toThrow(/unknown catalogue model/);
    expect(() => figureLayer('sofia', 'top-view' as never)).toThrow(/unknown pose/);
  });

  it('draws the same figure every time', () => {
    expect(figureLayer('maya', 'back-view').svg).toBe(figureLayer('maya', 'back-view').svg);
    expect(figureLayer('maya', 'back-view').svg).not.toBe(figureLayer('iris', 'back-view').svg);
  });

  it('anchors sit inside the canvas in body order, for every model and view', () => {
    for (const slug of knownModelSlugs()) {
      for (const pose of POSES) {
        const { anchors, width, height } = figureLayer(slug, pose);
        for (const b of Object.values(anchors)) {
          expect(
            b.x >= 0 && b.y >= 0 && b.w > 0 && b.h > 0 && b.x + b.w <= width && b.y + b.h <= height,
            `${slug} ${pose}`,
          ).toBe(true);
        }
        const { top, bottom, full } = anchors;
        expect(top.y).toBeLessThan(bottom.y);
        expect(top.y + top.h).toBeLessThan(bottom.y + bottom.h);
        expect(full.y).toBeLessThanOrEqual(top.y);
        expect(full.y + full.h).toBeGreaterThanOrEqual(bottom.y + bottom.h);
      }
    }
  });

  it('renders on a transparent canvas with the figure filling its anchors', async () => {
    for (const slug of [defaultFigureSlug('women'), defaultFigureSlug('men'), 'maya', 'adrian']) {
      for (const pose of POSES) {
        const f = figureLayer(slug, pose);
        const { data, info } = await sharp(Buffer.from(f.svg)).raw().toBuffer({ resolveWithObject: true });
        expect([info.width, info.height, info.channels]).toEqual([1024, 1536, 4]);
        const alpha = (x: number, y: number) => data[(Math.round(y) * info.width + Math.round(x)) * 4 + 3];
        // corners are empty
        expect([alpha(2, 2), alpha(1021, 2), alpha(2, 1533), alpha(1021, 1533)]).toEqual([0, 0, 0, 0]);
        // the body is there at the centre line of each anchor: chest, hips, knees
        const { top, bottom } = f.anchors;
        const cx = top.x + top.w / 2;
        for (const y of [top.y + top.h * 0.3, bottom.y + bottom.h * 0.2, bottom.y + bottom.h * 0.55]) {
          const row = [-30, -15, 0, 15, 30].map((dx) => alpha(cx + dx, y));
          expect(Math.max(...row), `${slug} ${pose} at y=${Math.round(y)}`).toBe(255);
        }
        // and nothing of it far outside the full-length box (shoes and hair aside)
        const { full } = f.anchors;
        expect(alpha(full.x - 60, full.y + full.h / 2)).toBe(0);
        expect(alpha(full.x + full.w + 60, full.y + full.h / 2)).toBe(0);
      }
    }
  });
});

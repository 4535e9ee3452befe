// Faces in the flat fashion-illustration style: few lines, no outlines, soft blush.

import type { Canvas } from './canvas.ts';
import type { ModelLook } from './models.ts';
import type { Palette } from './palette.ts';
import type { Proportions } from './proportions.ts';
import { darken, ellipse, mix, path, seeded, smoothClosed, smoothOpen, stroke } from './svg.ts';

export function faceFront(c: Canvas, look: ModelLook, pal: Palette, p: Proportions): void {
  const women = look.gender === 'women';
  const { cx } = p;
  const cy = p.headCy;
  const rx = p.headRx;
  const ry = p.headRy;
  // ears
  for (const s of [-1, 1]) {
    c.add(path(ellipse(cx + s * rx * 0.97, cy + ry * 0.12, 8, 15), pal.skinShade));
  }
  // blush
  for (const s of [-1, 1]) {
    c.add(
      path(
        ellipse(cx + s * rx * 0.52, cy + ry * 0.36, 13, 8),
        mix(pal.skin, pal.lips, 0.45),
        'opacity="0.35"',
      ),
    );
  }
  const eyeY = cy + ry * 0.08;
  const brow = darken(pal.hair, 0.1);
  for (const s of [-1, 1]) {
    const ex = cx + s * rx * 0.4;
    // almond eye with a catch-light
    c.add(
      path(
        `M${ex - 11} ${eyeY} Q${ex} ${eyeY - 11} ${ex + 11} ${eyeY} Q${ex} ${eyeY + 7} ${ex - 11} ${eyeY}Z`,
        '#2a1f1c',
      ),
    );
    c.add(path(ellipse(ex + 3, eyeY - 2.5, 2.2, 2.2), '#ffffff', 'opacity="0.8"'));
    if (women)
      c.add(stroke(`M${ex - 12} ${eyeY - 1} Q${ex} ${eyeY - 12} ${ex + 13} ${eyeY - 3}`, '#1f1614', 3));
    // brow
    const by = cy - ry * 0.14;
    c.add(
      stroke(`M${ex - 14 * s} ${by + 2} Q${ex} ${by - 6} ${ex + 14 * s} ${by + 3}`, brow, women ? 3.2 : 4.6),
    );
  }
  // nose: one line on the shaded side and a soft tip
  c.add(
    stroke(
      smoothOpen([
        [cx + 5, cy + ry * 0.14],
        [cx + 7, cy + ry * 0.3],
        [cx + 1, cy + ry * 0.38],
      ]),
      pal.skinDeep,
      2.6,
      'opacity="0.7"',
    ),
  );
  // lips
  const ly = cy + ry * 0.58;
  const w = women ? 15 : 14;
  c.add(
    path(
      `M${cx - w} ${ly} Q${cx - 6} ${ly - 8} ${cx} ${ly - 4} Q${cx + 6} ${ly - 8} ${cx + w} ${ly} Q${cx} ${ly + (women ? 11 : 7)} ${cx - w} ${ly}Z`,
      women ? pal.lips : mix(pal.skin, pal.lips, 0.6),
    ),
  );
  c.add(
    stroke(
      `M${cx - w + 2} ${ly} Q${cx} ${ly + 2} ${cx + w - 2} ${ly}`,
      darken(pal.lips, 0.35),
      1.6,
      'opacity="0.7"',
    ),
  );
  if (look.freckles) {
    const rnd = seeded(7);
    for (let i = 0; i < 16; i++) {
      const s = i % 2 ? 1 : -1;
      const fx = cx + s * (10 + rnd() * rx * 0.5);
      const fy = cy + ry * (0.22 + rnd() * 0.2);
      c.add(path(ellipse(fx, fy, 1.3, 1.3), darken(pal.skin, 0.22), 'opacity="0.6"'));
    }
  }
  if (look.beard) beardFront(c, look, pal, p);
}

function beardFront(c: Canvas, look: ModelLook, pal: Palette, p: Proportions): void {
  const { cx } = p;
  const cy = p.headCy;
  const rx = p.headRx;
  const ry = p.headRy;
  const d = smoothClosed(
    [
      [cx - rx * 0.98, cy + ry * 0.1],
      [cx - rx * 0.92, cy + ry * 0.5],
      [cx - rx * 0.55, cy + ry * 0.9],
      [cx, cy + ry * 1.04],
      [cx + rx * 0.55, cy + ry * 0.9],
      [cx + rx * 0.92, cy + ry * 0.5],
      [cx + rx * 0.98, cy + ry * 0.1],
      [cx + rx * 0.82, cy + ry * 0.34],
      [cx + rx * 0.42, cy + ry * 0.46],
      [cx, cy + ry * 0.44],
      [cx - rx * 0.42, cy + ry * 0.46],
      [cx - rx * 0.82, cy + ry * 0.34],
    ],
    0.8,
  );
  const opacity = look.beard === 'stubble' ? 0.32 : 0.88;
  c.add(path(d, pal.hair, `opacity="${opacity}"`));
  // the mouth stays clear
  const ly = cy + ry * 0.58;
  c.add(
    path(
      `M${cx - 14} ${ly} Q${cx - 6} ${ly - 8} ${cx} ${ly - 4} Q${cx + 6} ${ly - 8} ${cx + 14} ${ly} Q${cx} ${ly + 7} ${cx - 14} ${ly}Z`,
      mix(pal.skin, pal.lips, 0.6),
    ),
  );
}

/** The back of the head with the face turned towards the viewer's left, over the shoulder. */
export function faceOverShoulder(c: Canvas, look: ModelLook, pal: Palette, p: Proportions): void {
  const { cx } = p;
  const cy = p.headCy;
  const rx = p.headRx;
  const ry = p.headRy;
  // the cheek, nose and chin in profile past the left edge of the head
  const prof = smoothClosed(
    [
      [cx - rx * 0.5, cy - ry * 0.5],
      [cx - rx * 0.98, cy - ry * 0.3],
      [cx - rx * 1.08, cy - ry * 0.02],
      [cx - rx * 1.24, cy + ry * 0.2],
      [cx - rx * 1.08, cy + ry * 0.34],
      [cx - rx * 1.1, cy + ry * 0.5],
      [cx - rx * 1.02, cy + ry * 0.72],
      [cx - rx * 0.62, cy + ry * 0.92],
      [cx - rx * 0.2, cy + ry * 0.6],
    ],
    0.9,
  );
  c.shaded(prof, pal.skin, pal.skinShade, 0, 0);
  const eyeX = cx - rx * 0.86;
  const eyeY = cy + ry * 0.04;
  c.add(
    stroke(
      `M${eyeX + 8} ${eyeY - 2} Q${eyeX} ${eyeY - 7} ${eyeX - 8} ${eyeY + 1}`,
      '#1f1614',
      look.gender === 'women' ? 3 : 2.4,
    ),
  );
  c.add(
    stroke(
      `M${eyeX + 10} ${eyeY - 15} Q${eyeX} ${eyeY - 20} ${eyeX - 10} ${eyeY - 14}`,
      darken(pal.hair, 0.1),
      3,
    ),
  );
  c.add(
    path(
      ellipse(cx - rx * 1.0, cy + ry * 0.56, 5, 3),
      look.gender === 'women' ? pal.lips : mix(pal.skin, pal.lips, 0.6),
    ),
  );
  c.add(path(ellipse(cx - rx * 0.66, cy + ry * 0.36, 11, 7), mix(pal.skin, pal.lips, 0.45), 'opacity="0.3"'));
  // the ear
  c.add(path(ellipse(cx - rx * 0.28, cy + ry * 0.14, 9, 15), pal.skinShade));
  if (look.beard) {
    const d = smoothClosed(
      [
        [cx - rx * 0.3, cy + ry * 0.3],
        [cx - rx * 0.92, cy + ry * 0.62],
        [cx - rx * 1.04, cy + ry * 0.78],
        [cx - rx * 0.62, cy + ry * 0.95],
        [cx - rx * 0.1, cy + ry * 0.7],
      ],
      0.9,
    );
    c.within(prof, path(d, pal.hair, `opacity="${look.beard === 'stubble' ? 0.32 : 0.88}"`));
  }
}

/** A face in profile, looking to the viewer's right. */
export function faceProfile(
  c: Canvas,
  look: ModelLook,
  pal: Palette,
  hx: number,
  hy: number,
  rx: number,
  ry: number,
  head: string,
): void {
  const women = look.gender === 'women';
  const eyeX = hx + rx * 0.66;
  const eyeY = hy + ry * 0.06;
  c.add(
    path(
      `M${eyeX - 8} ${eyeY} Q${eyeX} ${eyeY - 6} ${eyeX + 7} ${eyeY - 1} Q${eyeX} ${eyeY + 4} ${eyeX - 8} ${eyeY}Z`,
      '#2a1f1c',
    ),
  );
  if (women)
    c.add(stroke(`M${eyeX - 9} ${eyeY - 1} Q${eyeX} ${eyeY - 9} ${eyeX + 10} ${eyeY - 3}`, '#1f1614', 3));
  c.add(
    stroke(
      `M${eyeX - 10} ${hy - ry * 0.14} Q${eyeX} ${hy - ry * 0.21} ${eyeX + 12} ${hy - ry * 0.13}`,
      darken(pal.hair, 0.1),
      women ? 3.2 : 4.4,
    ),
  );
  c.within(
    head,
    path(ellipse(hx + rx * 1.0, hy + ry * 0.54, 7, 7), women ? pal.lips : mix(pal.skin, pal.lips, 0.6)),
  );
  c.add(path(ellipse(hx + rx * 0.5, hy + ry * 0.34, 12, 8), mix(pal.skin, pal.lips, 0.45), 'opacity="0.32"'));
  if (look.freckles) {
    const rnd = seeded(11);
    for (let i = 0; i < 12; i++) {
      c.add(
        path(
          ellipse(hx + rx * (0.45 + rnd() * 0.45), hy + ry * (0.18 + rnd() * 0.2), 1.6, 1.6),
          darken(pal.skin, 0.3),
          'opacity="0.7"',
        ),
      );
    }
  }
  if (look.beard) {
    // along the jaw from the sideburn to the chin, under the lower lip
    const d = smoothClosed(
      [
        [hx + rx * 0.02, hy + ry * 0.05],
        [hx + rx * 0.2, hy + ry * 0.08],
        [hx + rx * 0.4, hy + ry * 0.42],
        [hx + rx * 0.78, hy + ry * 0.5],
        [hx + rx * 0.96, hy + ry * 0.64],
        [hx + rx * 1.3, hy + ry * 0.8],
        [hx + rx * 0.8, hy + ry * 1.2],
        [hx - rx * 0.2, hy + ry * 0.9],
      ],
      0.8,
    );
    c.within(head, path(d, pal.hair, `opacity="${look.beard === 'stubble' ? 0.32 : 0.88}"`));
  }
}

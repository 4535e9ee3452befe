// The figure in profile, facing the viewer's right: the far leg and arm a shade darker behind.

import type { Canvas } from './canvas.ts';
import { faceProfile } from './face.ts';
import { backHair, frontHair } from './hair.ts';
import type { ModelLook } from './models.ts';
import type { Palette } from './palette.ts';
import { PROPORTIONS } from './proportions.ts';
import { type Point, darken, limb, path, smoothClosed, smoothOpen, stroke, taper } from './svg.ts';

export function drawSide(c: Canvas, look: ModelLook, pal: Palette): void {
  const p = PROPORTIONS[look.gender];
  const women = look.gender === 'women';
  const cx = p.cx;
  const hx = cx + 14;
  const hy = p.headCy;
  const rx = p.headRx * 0.98;
  const ry = p.headRy;
  const head = { x: hx, y: hy, rx, ry, shoulderY: p.shoulderY };

  backHair(c, look, pal, head, 'side');

  // the far arm, mostly hidden behind the body
  const farArm = limb([cx - 16, p.armY + 4], p.armR - 2, [cx - 36, p.elbowY - 6], p.elbowR - 1, 2);
  c.add(path(farArm, darken(pal.skin, 0.22)));

  // legs: the far one a step behind and darker, the near one straight
  const farShade = (col: string) => darken(col, 0.12);
  const legs = [
    { hip: [cx - 14, p.hipY + 30], knee: [cx - 20, p.kneeY], ankle: [cx - 36, p.ankleY - 2], far: true },
    { hip: [cx - 4, p.hipY + 30], knee: [cx + 6, p.kneeY], ankle: [cx - 2, p.ankleY], far: false },
  ] as { hip: Point; knee: Point; ankle: Point; far: boolean }[];
  for (const leg of legs) {
    const base = leg.far ? farShade(pal.bottom) : pal.bottom;
    const shade = leg.far ? farShade(pal.bottomShade) : pal.bottomShade;
    const lerp = (a: Point, b: Point, t: number, shift = 0): [number, number] => [
      a[0] + (b[0] - a[0]) * t + shift,
      a[1] + (b[1] - a[1]) * t,
    ];
    // one smooth leg; in profile the calf swells behind the shin
    const legPath = taper([
      [leg.hip[0], leg.hip[1], p.thighR + 2],
      [...lerp(leg.hip, leg.knee, 0.45, 2), p.thighR * 0.8],
      [leg.knee[0], leg.knee[1], p.kneeR],
      [...lerp(leg.knee, leg.ankle, 0.3, -6), p.kneeR + 4],
      [leg.ankle[0], leg.ankle[1], p.ankleR],
    ]);
    c.shaded(legPath, base, shade, 7, 0);
    sideFoot(c, pal, p.ankleR, leg.ankle, women, leg.far);
  }

  // neck, leaning a little forward
  const neck = limb([hx + 4, hy + ry * 0.5], p.neckHalf - 1, [cx - 4, p.shoulderY - 4], p.neckHalf + 3);
  c.shaded(neck, pal.skin, pal.skinShade, 5, 0);

  // torso in profile
  const s = p.shoulderY;
  const torsoPts: Point[] = women
    ? [
        [cx - 26, s - 22],
        [cx - 50, s + 20],
        [cx - 58, s + 110],
        [cx - 42, p.waistY - 30],
        [cx - 40, p.waistY + 30],
        [cx - 70, p.hipY],
        [cx - 60, p.crotchY + 10],
        [cx + 30, p.crotchY],
        [cx + 44, p.hipY - 30],
        [cx + 38, p.waistY],
        [cx + 44, s + 150],
        [cx + 72, s + 118],
        [cx + 60, s + 50],
        [cx + 30, s - 16],
      ]
    : [
        [cx - 30, s - 24],
        [cx - 60, s + 20],
        [cx - 66, s + 120],
        [cx - 52, p.waistY - 20],
        [cx - 52, p.waistY + 40],
        [cx - 64, p.hipY],
        [cx - 56, p.crotchY + 10],
        [cx + 34, p.crotchY],
        [cx + 44, p.hipY - 30],
        [cx + 46, p.waistY],
        [cx + 56, s + 160],
        [cx + 64, s + 90],
        [cx + 50, s + 10],
        [cx + 26, s - 20],
      ];
  const torso = smoothClosed(torsoPts, 0.85);
  c.shaded(torso, pal.skin, pal.skinShade, 8, 0);
  const neckLine = women
    ? `M${cx - 40} ${s - 6} Q${cx + 6} ${s + 10} ${cx + 50} ${s + 34}`
    : `M${cx - 34} ${s - 24} Q${cx} ${s - 4} ${cx + 36} ${s - 10}`;
  c.within(
    torso,
    path(
      `${neckLine} L${cx + 300} ${s - 60} L${cx + 300} ${p.hemY} L${cx - 300} ${p.hemY} L${cx - 300} ${s - 60}Z`,
      pal.top,
    ) +
      path(
        `M${cx - 120} ${s} L${cx - 34} ${s} C${cx - 42} ${s + 140} ${cx - 32} ${p.waistY} ${cx - 36} ${p.hemY} L${cx - 120} ${p.hemY}Z`,
        pal.topShade,
        'opacity="0.55"',
      ),
  );
  c.within(torso, path(`M0 ${p.hemY} H1024 V1536 H0Z`, pal.bottom));
  // no anti-aliased skin edge where the hips meet the legs
  c.within(`M0 ${p.hemY} H1024 V1536 H0Z`, stroke(torso, pal.bottom, 3));
  c.add(
    stroke(
      smoothOpen([
        [cx - 60, p.hemY + 2],
        [cx - 8, p.hemY + 6],
        [cx + 44, p.hemY],
      ]),
      pal.seam,
      2.5,
      'opacity="0.55"',
    ),
  );
  c.add(
    stroke(
      smoothOpen([
        [cx - 14, p.hemY + 20],
        [cx - 8, p.hipY + 10],
        [cx - 10, p.crotchY],
      ]),
      pal.bottomShade,
      2.5,
      'opacity="0.6"',
    ),
  );

  // the near arm, hanging relaxed slightly forward
  const sh: Point = [cx - 6, p.armY + 2];
  const el: Point = [cx - 10, p.elbowY];
  const wr: Point = [cx + 10, p.wristY - 6];
  const hand: Point = [cx + 20, p.wristY - 6 + p.handLen];
  const armPath = taper([
    [sh[0], sh[1], p.armR],
    [sh[0] + (el[0] - sh[0]) * 0.4, sh[1] + (el[1] - sh[1]) * 0.4, p.armR * 0.82],
    [el[0], el[1], p.elbowR],
    [el[0] + (wr[0] - el[0]) * 0.3, el[1] + (wr[1] - el[1]) * 0.3, p.elbowR + (women ? 1 : 3)],
    [wr[0], wr[1], p.wristR],
  ]);
  c.shaded(armPath, pal.skin, pal.skinShade, 6, 0);
  c.shaded(limb(wr, p.wristR + 1, hand, p.wristR * 0.75, 4, 0.45), pal.skin, pal.skinShade, 5, 0);
  if (women) {
    c.add(
      stroke(
        smoothOpen([
          [cx - 22, s - 8],
          [cx - 34, s + 40],
          [cx - 28, s + 72],
        ]),
        pal.topShade,
        2.5,
        'opacity="0.5"',
      ),
    );
  } else {
    const end: Point = [sh[0] + (el[0] - sh[0]) * 0.42, sh[1] + (el[1] - sh[1]) * 0.42];
    c.add(path(limb([sh[0], sh[1]], p.armR + 2, end, p.armR + 1, 1, 0.4), pal.top));
    c.add(
      stroke(
        `M${end[0] - p.armR - 1} ${end[1] + 2} L${end[0] + p.armR + 1} ${end[1] + 2}`,
        pal.topShade,
        2.5,
        'opacity="0.8"',
      ),
    );
  }

  // head in profile
  const headPath = profileHead(hx, hy, rx, ry, women);
  c.shaded(headPath, pal.skin, pal.skinShade, 6, 0);
  faceProfile(c, look, pal, hx, hy, rx, ry, headPath);
  frontHair(c, look, pal, head, 'side');
  if (hasShortHair(look)) {
    // the ear sits over short hair
    c.add(
      path(
        `M${hx - rx * 0.02} ${hy - ry * 0.02} C${hx - rx * 0.3} ${hy - ry * 0.1} ${hx - rx * 0.34} ${hy + ry * 0.34} ${hx - rx * 0.06} ${hy + ry * 0.3}Z`,
        pal.skin,
      ),
    );
    c.add(
      stroke(
        `M${hx - rx * 0.08} ${hy + ry * 0.04} C${hx - rx * 0.24} ${hy + ry * 0.02} ${hx - rx * 0.24} ${hy + ry * 0.22} ${hx - rx * 0.1} ${hy + ry * 0.22}`,
        pal.skinShade,
        3,
      ),
    );
  }
}

function hasShortHair(look: ModelLook): boolean {
  return look.gender === 'men' || look.hairStyle === 'short-natural' || look.hairStyle === 'ponytail';
}

/** A head in profile facing right: forehead, a straight nose, lips, chin, jaw, back of the skull. */
export function profileHead(hx: number, hy: number, rx: number, ry: number, women: boolean): string {
  const X = (f: number) => Math.round((hx + rx * f) * 10) / 10;
  const Y = (f: number) => Math.round((hy + ry * f) * 10) / 10;
  const nose = women ? 1.2 : 1.26;
  const chin = women ? 0.9 : 0.98;
  return [
    `M${X(-0.1)} ${Y(-1)}`,
    `C${X(0.5)} ${Y(-1.02)} ${X(0.92)} ${Y(-0.62)} ${X(0.95)} ${Y(-0.2)}`,
    `C${X(0.97)} ${Y(-0.06)} ${X(0.93)} ${Y(-0.02)} ${X(0.97)} ${Y(0.06)}`,
    `L${X(nose)} ${Y(0.3)}`,
    `Q${X(nose + 0.03)} ${Y(0.37)} ${X(nose - 0.1)} ${Y(0.38)}`,
    `L${X(1.0)} ${Y(0.39)}`,
    `Q${X(1.04)} ${Y(0.45)} ${X(1.05)} ${Y(0.5)}`,
    `Q${X(0.98)} ${Y(0.53)} ${X(1.03)} ${Y(0.59)}`,
    `Q${X(1.0)} ${Y(0.67)} ${X(0.93)} ${Y(0.69)}`,
    `C${X(chin + 0.06)} ${Y(0.76)} ${X(chin + 0.04)} ${Y(0.9)} ${X(chin - 0.14)} ${Y(0.93)}`,
    `C${X(0.5)} ${Y(0.97)} ${X(0.2)} ${Y(0.86)} ${X(-0.1)} ${Y(0.7)}`,
    `C${X(-0.6)} ${Y(0.55)} ${X(-1.0)} ${Y(0.2)} ${X(-0.98)} ${Y(-0.2)}`,
    `C${X(-0.95)} ${Y(-0.7)} ${X(-0.6)} ${Y(-0.98)} ${X(-0.1)} ${Y(-1)}Z`,
  ].join(' ');
}

function sideFoot(c: Canvas, pal: Palette, r: number, ankle: Point, women: boolean, far: boolean): void {
  const shoe = far ? darken(pal.shoe, 0.1) : pal.shoe;
  const shoeShade = far ? darken(pal.shoeShade, 0.1) : pal.shoeShade;
  if (women) {
    const skin = far ? darken(pal.skin, 0.12) : pal.skin;
    c.add(path(limb([ankle[0], ankle[1] - 6], r, [ankle[0] + 4, ankle[1] + 24], r - 1), skin));
    // a pointed pump with a slim heel
    const pump = smoothClosed(
      [
        [ankle[0] - 14, ankle[1] + 22],
        [ankle[0] + 10, ankle[1] + 30],
        [ankle[0] + 60, ankle[1] + 62],
        [ankle[0] + 66, ankle[1] + 70],
        [ankle[0] + 10, ankle[1] + 62],
        [ankle[0] - 12, ankle[1] + 48],
      ],
      0.7,
    );
    c.add(path(pump, shoe));
    c.add(
      path(
        `M${ankle[0] - 12} ${ankle[1] + 44} L${ankle[0] - 6} ${ankle[1] + 76} L${ankle[0] - 1} ${ankle[1] + 76} L${ankle[0] + 2} ${ankle[1] + 52}Z`,
        shoeShade,
      ),
    );
    return;
  }
  const sneaker = smoothClosed(
    [
      [ankle[0] - 22, ankle[1] + 2],
      [ankle[0] + 16, ankle[1] + 8],
      [ankle[0] + 66, ankle[1] + 40],
      [ankle[0] + 70, ankle[1] + 62],
      [ankle[0] - 22, ankle[1] + 62],
    ],
    0.6,
  );
  c.add(path(sneaker, shoe));
  c.add(
    path(
      `M${ankle[0] - 24} ${ankle[1] + 54} L${ankle[0] + 72} ${ankle[1] + 54} L${ankle[0] + 70} ${ankle[1] + 64} L${ankle[0] - 22} ${ankle[1] + 64}Z`,
      shoeShade,
    ),
  );
}

// The figure seen from the front, and from the back looking over the shoulder (the same body,
// with the back of the basics, the back of the hair and a glimpse of the turned face).

import type { Canvas } from './canvas.ts';
import { backHair, frontHair } from './hair.ts';
import { faceFront, faceOverShoulder } from './face.ts';
import type { ModelLook } from './models.ts';
import type { Palette } from './palette.ts';
import { PROPORTIONS, type Proportions } from './proportions.ts';
import {
  type Point,
  ellipse,
  limb,
  mirrorX,
  mix,
  path,
  smoothClosed,
  smoothOpen,
  stroke,
  taper,
} from './svg.ts';

export function drawFrontOrBack(c: Canvas, look: ModelLook, pal: Palette, back: boolean): void {
  const p = PROPORTIONS[look.gender];
  const women = look.gender === 'women';
  const { cx } = p;
  const head = { x: cx, y: p.headCy, rx: p.headRx, ry: p.headRy, shoulderY: p.shoulderY };

  // the hair that falls behind the head and shoulders
  backHair(c, look, pal, head, back ? 'back' : 'front');

  // legs: fitted trousers / leggings to the ankle, then shoes
  const legLight = c.gradient(cx - p.hipHalf, cx + p.hipHalf, [
    [0, '#ffffff', 0.12],
    [0.5, '#ffffff', 0],
    [1, pal.bottomShade, 0.9],
  ]);
  for (const side of [-1, 1] as const) {
    const hip: Point = [cx + side * p.legX, p.hipY + 40];
    const knee: Point = [cx + side * p.kneeX, p.kneeY];
    const ankle: Point = [cx + side * p.ankleX, p.ankleY];
    // one smooth leg: hip, mid-thigh, knee, calf, ankle
    const leg = taper([
      [hip[0], hip[1], p.thighR],
      [hip[0] + (knee[0] - hip[0]) * 0.45, hip[1] + (knee[1] - hip[1]) * 0.45, p.thighR * 0.8],
      [knee[0], knee[1], p.kneeR],
      [
        knee[0] + (ankle[0] - knee[0]) * 0.28,
        knee[1] + (ankle[1] - knee[1]) * 0.28,
        p.kneeR + (women ? 3 : 4),
      ],
      [ankle[0], ankle[1], p.ankleR],
    ]);
    const dx = side * -8;
    c.shaded(leg, pal.bottom, pal.bottomShade, dx, -2);
    c.within(leg, path(`M0 0 H1024 V1536 H0Z`, `url(#${legLight})`));
    foot(c, pal, p, ankle, side, women);
  }

  // neck
  const neck = limb([cx, p.headCy + p.headRy * 0.55], p.neckHalf - 1, [cx, p.shoulderY - 6], p.neckHalf + 2);
  c.shaded(neck, pal.skin, pal.skinShade, 0, 0);
  c.add(path(ellipse(cx, p.headCy + p.headRy * 0.98, p.neckHalf + 1, 11), pal.skinShade, 'opacity="0.8"'));

  // torso: skin, then the fitted top and the waistband of the bottoms laid over it
  const torso = torsoOutline(p, women);
  c.shaded(torso, pal.skin, pal.skinShade, 0, 0);
  const light = c.gradient(cx - p.hipHalf, cx + p.hipHalf, [
    [0, '#ffffff', 0.18],
    [0.45, '#ffffff', 0],
    [0.7, pal.topShade, 0],
    [1, pal.topShade, 0.9],
  ]);
  c.within(
    torso,
    path(topRegion(p, women, back), pal.top) +
      path(`M${cx - 300} 0 H${cx + 300} V${p.hemY} H${cx - 300}Z`, `url(#${light})`),
  );
  c.within(
    torso,
    path(`M0 ${p.hemY} H1024 V1536 H0Z`, pal.bottom) +
      path(`M0 ${p.hemY} H1024 V1536 H0Z`, `url(#${legLight})`),
  );
  // hide the anti-aliased skin edge of the torso where it meets the legs
  c.within(
    `M0 ${p.hemY} H1024 V1536 H0Z`,
    stroke(torso, pal.bottom, 3) + stroke(torso, `url(#${legLight})`, 3),
  );
  // re-draw the skin above the neckline over the gradient
  c.within(
    torso,
    `<g clip-path="url(#${c.clip(skinRegion(p, women, back), true)})">${path(torso, pal.skin)}</g>`,
  );
  // hem and seams
  c.add(
    stroke(
      smoothOpen([
        [cx - p.hipHalf + 4, p.hemY + 2],
        [cx, p.hemY + 6],
        [cx + p.hipHalf - 4, p.hemY + 2],
      ]),
      pal.seam,
      2.5,
      'opacity="0.55"',
    ),
  );
  if (back) {
    c.add(
      stroke(
        smoothOpen([
          [cx, p.shoulderY + 40],
          [cx + 1, p.waistY],
          [cx, p.hemY - 10],
        ]),
        pal.topShade,
        3,
        'opacity="0.7"',
      ),
    );
    for (const s of [-1, 1]) {
      c.add(
        stroke(
          smoothOpen([
            [cx + s * 22, p.shoulderY + 70],
            [cx + s * 52, p.shoulderY + 100],
            [cx + s * 60, p.shoulderY + 140],
          ]),
          pal.topShade,
          3,
          'opacity="0.6"',
        ),
      );
    }
    c.add(
      stroke(
        smoothOpen([
          [cx, p.hemY + 20],
          [cx, p.crotchY - 8],
        ]),
        pal.bottomShade,
        3,
        'opacity="0.8"',
      ),
    );
  } else {
    c.add(
      stroke(
        smoothOpen([
          [cx, p.hemY + 30],
          [cx - 2, p.crotchY - 10],
        ]),
        pal.bottomShade,
        2.5,
        'opacity="0.6"',
      ),
    );
    if (women) {
      for (const s of [-1, 1]) {
        c.add(
          stroke(
            smoothOpen([
              [cx + s * 44, p.shoulderY + 108],
              [cx + s * 26, p.shoulderY + 122],
              [cx + s * 8, p.shoulderY + 120],
            ]),
            pal.topShade,
            2.5,
            'opacity="0.45"',
          ),
        );
      }
    } else {
      c.add(
        stroke(
          smoothOpen([
            [cx - 60, p.shoulderY + 118],
            [cx - 10, p.shoulderY + 128],
          ]),
          pal.topShade,
          3,
          'opacity="0.6"',
        ),
      );
      c.add(
        stroke(
          smoothOpen([
            [cx + 60, p.shoulderY + 118],
            [cx + 10, p.shoulderY + 128],
          ]),
          pal.topShade,
          3,
          'opacity="0.6"',
        ),
      );
    }
  }

  // arms hanging loosely, a little away from the body
  for (const side of [-1, 1] as const) arm(c, pal, p, side, women);

  // head
  c.shaded(headOutline(p, women), pal.skin, pal.skinShade, 6, 0);
  if (back) {
    faceOverShoulder(c, look, pal, p);
  } else {
    faceFront(c, look, pal, p);
  }
  frontHair(c, look, pal, head, back ? 'back' : 'front');
}

export function torsoOutline(p: Proportions, women: boolean): string {
  const { cx } = p;
  const left: Point[] = women
    ? [
        [cx - p.neckHalf - 2, p.shoulderY - 18],
        [cx - p.shoulderHalf * 0.6, p.shoulderY - 6],
        [cx - p.shoulderHalf, p.shoulderY + 16],
        [cx - p.armpitHalf - 6, p.shoulderY + 80],
        [cx - p.armpitHalf + 2, p.shoulderY + 132],
        [cx - p.waistHalf - 2, p.waistY - 40],
        [cx - p.waistHalf, p.waistY],
        [cx - p.hipHalf + 6, p.hipY - 40],
        [cx - p.hipHalf, p.hipY + 10],
        [cx - p.hipHalf + 10, p.crotchY - 20],
        [cx - 12, p.crotchY + 8],
      ]
    : [
        [cx - p.neckHalf - 2, p.shoulderY - 20],
        [cx - p.shoulderHalf * 0.62, p.shoulderY - 8],
        [cx - p.shoulderHalf, p.shoulderY + 22],
        [cx - p.armpitHalf - 6, p.shoulderY + 96],
        [cx - p.armpitHalf + 4, p.shoulderY + 160],
        [cx - p.waistHalf - 4, p.waistY - 60],
        [cx - p.waistHalf, p.waistY],
        [cx - p.hipHalf, p.hipY],
        [cx - p.hipHalf + 4, p.crotchY - 20],
        [cx - 12, p.crotchY + 8],
      ];
  const right = mirrorX(left, cx).reverse();
  return smoothClosed([...left, ...right], 0.85);
}

function topRegion(p: Proportions, women: boolean, back: boolean): string {
  const { cx } = p;
  const s = p.shoulderY;
  if (women) {
    // a fitted tank: scoop neck in front, higher at the back, straps over the shoulders
    const neckDip = back ? s + 30 : s + 62;
    return `M${cx - p.shoulderHalf * 0.66} ${s - 12} L${cx - p.shoulderHalf * 0.38} ${s - 14} Q${cx} ${neckDip} ${cx + p.shoulderHalf * 0.38} ${s - 14} L${cx + p.shoulderHalf * 0.66} ${s - 12} Q${cx + p.armpitHalf - 8} ${s + 60} ${cx + p.armpitHalf + 40} ${s + 78} L${cx + 300} ${p.hemY} L${cx - 300} ${p.hemY} L${cx - p.armpitHalf - 40} ${s + 78} Q${cx - p.armpitHalf + 8} ${s + 60} ${cx - p.shoulderHalf * 0.66} ${s - 12}Z`;
  }
  // a fitted crew-neck tee
  const dip = back ? s - 12 : s + 6;
  return `M${cx - p.neckHalf - 6} ${s - 26} Q${cx} ${dip + 18} ${cx + p.neckHalf + 6} ${s - 26} L${cx + 400} ${s - 40} L${cx + 400} ${p.hemY} L${cx - 400} ${p.hemY} L${cx - 400} ${s - 40}Z`;
}

/** The skin left bare above the top: everything above the neckline and outside the straps. */
function skinRegion(p: Proportions, women: boolean, back: boolean): string {
  return `M0 0 H1024 V${p.hemY} H0Z ${topRegion(p, women, back)}`;
}

export function headOutline(p: Proportions, women: boolean): string {
  const { cx } = p;
  const cy = p.headCy;
  const rx = p.headRx;
  const ry = p.headRy;
  const jaw = women ? 0.8 : 0.9;
  const chin = women ? 0.36 : 0.5;
  const left: Point[] = [
    [cx, cy - ry],
    [cx - rx * 0.8, cy - ry * 0.72],
    [cx - rx, cy - ry * 0.1],
    [cx - rx * 0.96, cy + ry * 0.32],
    [cx - rx * jaw, cy + ry * 0.62],
    [cx - rx * chin, cy + ry * 0.93],
  ];
  const right = mirrorX(left.slice(1), cx).reverse();
  return smoothClosed([...left, [cx, cy + ry], ...right], 0.9);
}

function arm(c: Canvas, pal: Palette, p: Proportions, side: -1 | 1, women: boolean): void {
  const { cx } = p;
  const sh: Point = [cx + side * p.armX, p.armY];
  const el: Point = [cx + side * p.elbowX, p.elbowY];
  const wr: Point = [cx + side * p.wristX, p.wristY];
  const hand: Point = [cx + side * (p.wristX + 4), p.wristY + p.handLen];
  const arm = taper([
    [sh[0], sh[1], p.armR],
    [sh[0] + (el[0] - sh[0]) * 0.4, sh[1] + (el[1] - sh[1]) * 0.4, p.armR * 0.82],
    [el[0], el[1], p.elbowR],
    [el[0] + (wr[0] - el[0]) * 0.3, el[1] + (wr[1] - el[1]) * 0.3, p.elbowR + (women ? 1 : 3)],
    [wr[0], wr[1], p.wristR],
  ]);
  const dx = side * -6;
  c.shaded(arm, pal.skin, pal.skinShade, dx, 0);
  const palm = limb(wr, p.wristR + 1, hand, p.wristR * 0.75, 4, 0.45);
  c.shaded(palm, pal.skin, pal.skinShade, dx, 0);
  // a thumb line
  c.add(
    stroke(
      smoothOpen([
        [wr[0] - side * 8, wr[1] + 14],
        [wr[0] - side * 10, wr[1] + 34],
      ]),
      pal.skinShade,
      3,
    ),
  );
  if (!women) {
    // a short fitted sleeve
    const sleeveEnd: Point = [sh[0] + (el[0] - sh[0]) * 0.42, sh[1] + (el[1] - sh[1]) * 0.42];
    const sleeve = limb([sh[0] - side * 2, sh[1]], p.armR + 2, sleeveEnd, p.armR + 1, 1, 0.4);
    // flat, so it joins the shoulder of the tee without a seam of shade
    c.add(path(sleeve, side < 0 ? mix(pal.top, '#ffffff', 0.08) : mix(pal.top, pal.topShade, 0.7)));
    c.add(
      stroke(
        smoothOpen([
          [sh[0] - side * (p.armR - 6), sh[1] - p.armR + 8],
          [sh[0] - side * (p.armR - 2), sh[1] + 10],
          [sh[0] - side * (p.armR - 8), sleeveEnd[1] - 6],
        ]),
        pal.topShade,
        2.2,
        'opacity="0.6"',
      ),
    );
    c.add(
      stroke(
        `M${sleeveEnd[0] - p.armR} ${sleeveEnd[1] + 4} L${sleeveEnd[0] + p.armR} ${sleeveEnd[1] + 4}`,
        pal.topShade,
        2.5,
        'opacity="0.8"',
      ),
    );
  }
}

function foot(c: Canvas, pal: Palette, p: Proportions, ankle: Point, side: -1 | 1, women: boolean): void {
  const [ax, ay] = ankle;
  if (women) {
    // the ankle, then a pointed pump seen from the front: foreshortened, toe turned out a little
    const skin = limb([ax, ay - 6], p.ankleR, [ax + side * 2, ay + 20], p.ankleR - 1);
    c.shaded(skin, pal.skin, pal.skinShade, side * -4, 0);
    const shoe = smoothClosed(
      [
        [ax - 13 + side * 2, ay + 18],
        [ax + side * 2, ay + 24],
        [ax + 13 + side * 2, ay + 18],
        [ax + 15 + side * 5, ay + 38],
        [ax + side * 9, ay + 56],
        [ax - 15 + side * 5, ay + 38],
      ],
      0.7,
    );
    c.shaded(shoe, pal.shoe, pal.shoeShade, side * -4, -2);
    return;
  }
  // a clean white sneaker, seen from the front, with a pale sole
  const shoe = smoothClosed(
    [
      [ax - 19, ay + 2],
      [ax + 19, ay + 2],
      [ax + 23 + side * 3, ay + 34],
      [ax + 18 + side * 6, ay + 54],
      [ax - 18 + side * 6, ay + 54],
      [ax - 23 + side * 3, ay + 34],
    ],
    0.75,
  );
  c.shaded(shoe, pal.shoe, pal.shoeShade, side * -5, 0);
  c.add(stroke(`M${ax - 20 + side * 6} ${ay + 52} L${ax + 20 + side * 6} ${ay + 52}`, '#cfccc5', 6));
  c.add(stroke(`M${ax - 8} ${ay + 4} Q${ax} ${ay + 12} ${ax + 8} ${ay + 4}`, pal.shoeShade, 2.5));
}

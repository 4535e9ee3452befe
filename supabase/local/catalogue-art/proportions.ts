// Body proportions of the illustrated figures (a 1024 x 1536 canvas, the figure centred,
// about nine heads tall as in fashion illustration), and the garment anchors derived from them.

import type { Gender } from './models.ts';

export interface Proportions {
  cx: number;
  headCy: number;
  headRx: number;
  headRy: number;
  neckHalf: number;
  shoulderY: number;
  shoulderHalf: number;
  armpitHalf: number;
  bust: number;
  waistY: number;
  waistHalf: number;
  hipY: number;
  hipHalf: number;
  crotchY: number;
  legX: number;
  thighR: number;
  kneeX: number;
  kneeY: number;
  kneeR: number;
  ankleX: number;
  ankleY: number;
  ankleR: number;
  armY: number;
  armX: number;
  armR: number;
  elbowX: number;
  elbowY: number;
  elbowR: number;
  wristX: number;
  wristY: number;
  wristR: number;
  handLen: number;
  /** where the fitted top ends */
  hemY: number;
}

export const PROPORTIONS: Record<Gender, Proportions> = {
  women: {
    cx: 512,
    headCy: 200,
    headRx: 52,
    headRy: 68,
    neckHalf: 20,
    shoulderY: 332,
    shoulderHalf: 98,
    armpitHalf: 84,
    bust: 1,
    waistY: 568,
    waistHalf: 60,
    hipY: 700,
    hipHalf: 104,
    crotchY: 770,
    legX: 52,
    thighR: 48,
    kneeX: 38,
    kneeY: 1060,
    kneeR: 26,
    ankleX: 30,
    ankleY: 1382,
    ankleR: 14,
    armY: 370,
    armX: 95,
    armR: 24,
    elbowX: 114,
    elbowY: 574,
    elbowR: 16,
    wristX: 124,
    wristY: 766,
    wristR: 11,
    handLen: 64,
    hemY: 668,
  },
  men: {
    cx: 512,
    headCy: 196,
    headRx: 56,
    headRy: 72,
    neckHalf: 27,
    shoulderY: 340,
    shoulderHalf: 128,
    armpitHalf: 110,
    bust: 0,
    waistY: 606,
    waistHalf: 84,
    hipY: 716,
    hipHalf: 92,
    crotchY: 786,
    legX: 48,
    thighR: 50,
    kneeX: 44,
    kneeY: 1070,
    kneeR: 31,
    ankleX: 40,
    ankleY: 1386,
    ankleR: 18,
    armY: 390,
    armX: 121,
    armR: 31,
    elbowX: 140,
    elbowY: 598,
    elbowR: 21,
    wristX: 146,
    wristY: 792,
    wristR: 15,
    handLen: 74,
    hemY: 730,
  },
};

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type PoseSlug = 'front-view' | 'back-view' | 'side-view';

export interface Anchors {
  /** a top: from the shoulder line to just below the hips, arms included */
  top: Box;
  /** trousers or a skirt: from the waist to the ankles (a short garment fills the box's upper part) */
  bottom: Box;
  /** a dress or a jumpsuit: from the shoulder line to the ankles */
  full: Box;
}

/** Where a garment of each kind sits on the figure of this gender and view. */
export function anchorsFor(gender: Gender, pose: PoseSlug): Anchors {
  const p = PROPORTIONS[gender];
  const topY = p.shoulderY - 14;
  const waistTop = p.waistY - 22;
  const ankle = p.ankleY + 16;
  const hipBottom = p.crotchY + 30;
  if (pose === 'side-view') {
    // the profile is narrower: the torso's depth, not its width
    const back = p.cx - (gender === 'women' ? 78 : 84);
    const front = p.cx + (gender === 'women' ? 80 : 72);
    const legBack = p.cx - 76;
    const legFront = p.cx + 62;
    return {
      top: box(back - 12, topY, front + 12, hipBottom),
      bottom: box(legBack, waistTop, legFront, ankle),
      full: box(back - 12, topY, front + 12, ankle),
    };
  }
  const armOuter = p.wristX + p.wristR + 6;
  const hipOuter = p.hipHalf + 8;
  return {
    top: box(p.cx - armOuter, topY, p.cx + armOuter, hipBottom),
    bottom: box(p.cx - hipOuter, waistTop, p.cx + hipOuter, ankle),
    full: box(p.cx - armOuter, topY, p.cx + armOuter, ankle),
  };
}

function box(x1: number, y1: number, x2: number, y2: number): Box {
  return { x: Math.round(x1), y: Math.round(y1), w: Math.round(x2 - x1), h: Math.round(y2 - y1) };
}

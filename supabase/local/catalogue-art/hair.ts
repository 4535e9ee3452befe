// Hair styles for the three views. Each style has a layer behind the body (long hair falling
// behind the shoulders, a ponytail) and a layer over the head (the cap, the fringe, locks over
// the shoulders). Shapes are built around the head ellipse so the same style fits every view.

import type { Canvas } from './canvas.ts';
import type { HairStyle, ModelLook } from './models.ts';
import type { Palette } from './palette.ts';
import { type Point, ellipse, path, seeded, smoothClosed, smoothOpen, stroke } from './svg.ts';

export type View = 'front' | 'back' | 'side';

export interface Head {
  x: number;
  y: number;
  rx: number;
  ry: number;
  /** where the shoulders are (long hair rests on them) */
  shoulderY: number;
}

interface Spec {
  /** how far below the head centre the hair ends (0: no long hair) */
  length: number;
  /** extra volume around the skull */
  volume: number;
  texture: 'straight' | 'wavy' | 'curly' | 'coily';
  fringe: 'side-part' | 'centre-part' | 'bangs' | 'pulled-back' | 'short' | 'tousled' | 'slicked' | 'cropped';
  ponytail?: boolean;
}

const SPECS: Record<HairStyle, Spec> = {
  'long-straight': { length: 330, volume: 10, texture: 'straight', fringe: 'side-part' },
  'long-sleek': { length: 350, volume: 6, texture: 'straight', fringe: 'centre-part' },
  'long-wavy': { length: 320, volume: 14, texture: 'wavy', fringe: 'side-part' },
  shoulder: { length: 150, volume: 12, texture: 'straight', fringe: 'side-part' },
  bob: { length: 80, volume: 13, texture: 'straight', fringe: 'bangs' },
  'curly-volume': { length: 190, volume: 46, texture: 'curly', fringe: 'centre-part' },
  'short-natural': { length: 0, volume: 15, texture: 'coily', fringe: 'short' },
  ponytail: { length: 0, volume: 5, texture: 'straight', fringe: 'pulled-back', ponytail: true },
  'short-neat': { length: 0, volume: 9, texture: 'straight', fringe: 'short' },
  tousled: { length: 0, volume: 16, texture: 'straight', fringe: 'tousled' },
  'short-textured': { length: 0, volume: 11, texture: 'straight', fringe: 'short' },
  cropped: { length: 0, volume: 4, texture: 'straight', fringe: 'cropped' },
  'curly-top': { length: 0, volume: 16, texture: 'curly', fringe: 'short' },
  'slicked-back': { length: 0, volume: 10, texture: 'straight', fringe: 'slicked' },
};

/** A scalloped mass: the outline filled, with a bump of radius r every ~1.3 r along it. */
function cloud(pts: readonly Point[], r: number, seed: number): string[] {
  const rnd = seeded(seed);
  const out = [smoothClosed(pts, 0.8)];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i];
    const b = pts[(i + 1) % pts.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const n = Math.max(1, Math.round(len / (r * 1.3)));
    for (let k = 0; k < n; k++) {
      const t = k / n;
      const rr = r * (0.85 + rnd() * 0.3);
      out.push(ellipse(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, rr, rr));
    }
  }
  return out;
}

/** Fills the parts of a mass; returns a clip path of the whole mass. */
function fillAll(c: Canvas, ds: string[], colour: string): string {
  const parts = ds.map((d) => `<path d="${d}"/>`).join('');
  c.add(`<g fill="${colour}">${parts}</g>`);
  const id = c.id('m');
  c.def(`<clipPath id="${id}">${parts}</clipPath>`);
  return id;
}

/** Curl marks inside a curly mass. */
function curls(
  c: Canvas,
  clipId: string,
  h: Head,
  spread: number,
  top: number,
  bottom: number,
  colour: string,
  seed: number,
): void {
  const rnd = seeded(seed);
  const n = Math.round(Math.min(22, Math.max(8, (spread * (bottom - top)) / 900)));
  let marks = '';
  for (let i = 0; i < n; i++) {
    const x = h.x + (rnd() * 2 - 1) * spread;
    const y = top + rnd() * (bottom - top);
    const r = 5 + rnd() * 5;
    marks += stroke(
      `M${x - r} ${y} A${r} ${r} 0 1 1 ${x + r * 0.4} ${y + r * 0.7}`,
      colour,
      2.4,
      'opacity="0.4"',
    );
  }
  c.add(`<g clip-path="url(#${clipId})">${marks}</g>`);
}

/** An edge from a to b, wavy when asked (for long locks). */
function edge(a: Point, b: Point, wavy: boolean, phase = 0): Point[] {
  const pts: Point[] = [];
  const n = 6;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const w = wavy ? Math.sin(t * Math.PI * 3 + phase) * 9 * Math.min(1, t * 3) : 0;
    pts.push([a[0] + (b[0] - a[0]) * t + w, a[1] + (b[1] - a[1]) * t]);
  }
  return pts;
}

// --- the layer behind the body ---------------------------------------------------------

export function backHair(c: Canvas, look: ModelLook, pal: Palette, h: Head, view: View): void {
  const s = SPECS[look.hairStyle];
  if (s.ponytail) {
    ponytail(c, pal, h, view);
    return;
  }
  if (s.texture === 'curly' && s.length > 0) {
    const w = h.rx + s.volume;
    const pts: Point[] =
      view === 'side'
        ? [
            [h.x + h.rx * 0.5, h.y - h.ry - 20],
            [h.x - w, h.y - h.ry * 0.5],
            [h.x - w - 24, h.y + s.length * 0.6],
            [h.x - h.rx * 0.9, h.y + s.length],
            [h.x + h.rx * 0.1, h.y + s.length * 0.5],
            [h.x + h.rx * 0.2, h.y + h.ry * 0.3],
          ]
        : [
            [h.x, h.y - h.ry - s.volume * 0.7],
            [h.x + w, h.y - h.ry * 0.4],
            [h.x + w + 10, h.y + s.length * 0.55],
            [h.x + w - 16, h.y + s.length],
            [h.x - w + 16, h.y + s.length],
            [h.x - w - 10, h.y + s.length * 0.55],
            [h.x - w, h.y - h.ry * 0.4],
          ];
    fillAll(c, cloud(pts, 24, 3), pal.hair);
    return;
  }
  if (s.length === 0 || view === 'back') return;
  const wavy = s.texture === 'wavy';
  if (view === 'side') {
    // hair falling down the back, behind the shoulder
    const outer = edge([h.x - h.rx - s.volume, h.y], [h.x - h.rx - s.volume - 22, h.y + s.length], wavy);
    const inner = edge([h.x - h.rx * 0.45, h.y + s.length], [h.x - h.rx * 0.1, h.y + h.ry * 0.4], wavy, 1);
    c.shaded(
      smoothClosed(
        [
          [h.x, h.y - h.ry - s.volume],
          [h.x - h.rx * 0.8 - s.volume, h.y - h.ry * 0.7],
          ...outer,
          ...inner,
          [h.x + h.rx * 0.2, h.y - h.ry * 0.2],
        ],
        0.8,
      ),
      pal.hair,
      pal.hairShade,
      8,
      0,
    );
    return;
  }
  // front view: the mass behind head and neck, the same width down to its ends
  const w = h.rx + s.volume + 10;
  const left = edge([h.x - w, h.y - h.ry * 0.2], [h.x - w - 8, h.y + s.length], wavy);
  const right = edge([h.x + w + 8, h.y + s.length], [h.x + w, h.y - h.ry * 0.2], wavy, 2);
  c.add(
    path(
      smoothClosed(
        [
          [h.x, h.y - h.ry - s.volume],
          ...right.slice(-1),
          ...left.slice(0, 1),
          ...left.slice(1),
          [h.x, h.y + s.length + 6],
          ...right.slice(0, -1),
        ],
        0.8,
      ),
      pal.hairShade,
    ),
  );
}

function ponytail(c: Canvas, pal: Palette, h: Head, view: View): void {
  if (view === 'back') return; // drawn over the head in the back view
  if (view === 'side') {
    const base: Point = [h.x - h.rx * 0.85, h.y - h.ry * 0.55];
    const tail = smoothClosed(
      [
        base,
        [h.x - h.rx - 40, h.y - h.ry * 0.2],
        [h.x - h.rx - 46, h.y + h.ry * 1.2],
        [h.x - h.rx - 20, h.y + h.ry * 2.9],
        [h.x - h.rx - 10, h.y + h.ry * 1.6],
        [h.x - h.rx * 0.7, h.y - h.ry * 0.2],
      ],
      0.9,
    );
    c.shaded(tail, pal.hair, pal.hairShade, 6, 0);
    return;
  }
  // front: the tail swings out behind the right shoulder
  const tail = smoothClosed(
    [
      [h.x + h.rx * 0.5, h.y - h.ry * 0.8],
      [h.x + h.rx + 30, h.y - h.ry * 0.1],
      [h.x + h.rx + 34, h.y + h.ry * 1.2],
      [h.x + h.rx + 18, h.y + h.ry * 2.3],
      [h.x + h.rx + 4, h.y + h.ry * 1.2],
      [h.x + h.rx * 0.6, h.y],
    ],
    0.9,
  );
  c.shaded(tail, pal.hair, pal.hairShade, -6, 0);
}

// --- the layer over the head -----------------------------------------------------------

export function frontHair(c: Canvas, look: ModelLook, pal: Palette, h: Head, view: View): void {
  const s = SPECS[look.hairStyle];
  if (view === 'back') {
    backOfHead(c, look, pal, h, s);
    return;
  }
  if (view === 'side') {
    sideOfHead(c, look, pal, h, s);
    return;
  }
  const v = s.volume;
  const { x, y, rx, ry } = h;
  if (s.texture === 'coily' || (s.texture === 'curly' && s.length === 0)) {
    // short curls / natural hair: a scalloped crown with a rounded hairline
    const top = s.texture === 'coily' ? v : v + 6;
    const drop = s.texture === 'coily' ? 0.15 : -0.15;
    const pts: Point[] = [
      [x - rx - v * 0.5, y + ry * drop],
      [x - rx - v * 0.6, y - ry * 0.5],
      [x - rx * 0.5, y - ry - top],
      [x + rx * 0.5, y - ry - top],
      [x + rx + v * 0.6, y - ry * 0.5],
      [x + rx + v * 0.5, y + ry * drop],
      [x + rx * 0.86, y - ry * 0.35],
      [x, y - ry * 0.6],
      [x - rx * 0.86, y - ry * 0.35],
    ];
    const mass = fillAll(c, cloud(pts, s.texture === 'coily' ? 11 : 16, 5), pal.hair);
    curls(c, mass, h, rx * 0.8, y - ry - top * 0.6, y - ry * 0.55, pal.hairShine, 9);
    return;
  }
  if (s.texture === 'curly') {
    // a big curly mass: a scalloped crown and fringe over the back mass
    const pts: Point[] = [
      [x - rx - v * 0.6, y + ry * 0.6],
      [x - rx - v * 0.7, y - ry * 0.4],
      [x - rx * 0.5, y - ry - v * 0.6],
      [x + rx * 0.5, y - ry - v * 0.6],
      [x + rx + v * 0.7, y - ry * 0.4],
      [x + rx + v * 0.6, y + ry * 0.6],
      [x + rx * 0.95, y + ry * 0.2],
      [x + rx * 0.8, y - ry * 0.4],
      [x, y - ry * 0.62],
      [x - rx * 0.8, y - ry * 0.4],
      [x - rx * 0.95, y + ry * 0.2],
    ];
    const mass = fillAll(c, cloud(pts, 18, 4), pal.hair);
    curls(c, mass, h, rx + v * 0.6, y - ry - v * 0.4, y + ry * 1.8, pal.hairShine, 13);
    return;
  }
  const partX = s.fringe === 'centre-part' ? x : s.fringe === 'side-part' ? x - rx * 0.28 : x;
  const drop = s.length > 0 ? 0.3 : s.fringe === 'cropped' ? -0.02 : 0.06;
  const hairlineY =
    s.fringe === 'bangs'
      ? y - ry * 0.22
      : s.fringe === 'tousled'
        ? y - ry * 0.36
        : s.fringe === 'slicked' || s.fringe === 'pulled-back' || s.fringe === 'cropped'
          ? y - ry * 0.62
          : y - ry * 0.56;
  const crown = s.fringe === 'slicked' ? 16 : s.fringe === 'tousled' ? 8 : 0;
  const outer: Point[] = [
    [x - rx - v, y + ry * drop],
    [x - rx - v * 0.95, y - ry * 0.42],
    [x - rx * 0.55, y - ry - v * 0.9 - crown * 0.6],
    [x + rx * 0.15, y - ry - v - crown],
    [x + rx * 0.72 + v * 0.2, y - ry * 0.78 - v * 0.55 - crown * 0.3],
    [x + rx + v, y - ry * 0.3],
    [x + rx + v, y + ry * drop],
  ];
  let inner: Point[];
  if (s.fringe === 'bangs') {
    inner = [
      [x + rx * 0.92, y + ry * drop],
      [x + rx * 0.9, hairlineY],
      [x + rx * 0.3, hairlineY + 4],
      [x - rx * 0.3, hairlineY + 4],
      [x - rx * 0.9, hairlineY],
      [x - rx * 0.92, y + ry * drop],
    ];
  } else if (s.fringe === 'tousled') {
    inner = [
      [x + rx * 0.92, y + ry * drop],
      [x + rx * 0.8, hairlineY - 14],
      [x + rx * 0.45, hairlineY + 6],
      [x + rx * 0.2, hairlineY - 8],
      [x - rx * 0.1, hairlineY + 10],
      [x - rx * 0.4, hairlineY - 6],
      [x - rx * 0.7, hairlineY + 4],
      [x - rx * 0.92, y + ry * drop],
    ];
  } else {
    inner = [
      [x + rx * 0.9, y + ry * drop],
      [x + rx * 0.84, y - ry * 0.3],
      [x + rx * 0.4, hairlineY + 2],
      [partX, hairlineY - 10],
      [x - rx * 0.45, hairlineY + 4],
      [x - rx * 0.86, y - ry * 0.2],
      [x - rx * 0.9, y + ry * drop],
    ];
  }
  const cap = s.length > 0 ? framingHair(h, s, partX, hairlineY) : smoothClosed([...outer, ...inner], 0.75);
  c.shaded(cap, pal.hair, pal.hairShade, -7, 2);
  // shine
  c.add(
    stroke(
      smoothOpen([
        [x - rx * 0.75, y - ry * 0.55],
        [x - rx * 0.35, y - ry * 0.92 - v * 0.5],
        [x + rx * 0.1, y - ry - v * 0.6],
      ]),
      pal.hairShine,
      5,
      'opacity="0.45"',
    ),
  );
  if (look.hairStyle === 'short-textured') {
    const rnd = seeded(21);
    let marks = '';
    for (let i = 0; i < 18; i++) {
      const sx = x - rx * 0.8 + rnd() * rx * 1.6;
      const sy = y - ry - v * 0.3 + rnd() * ry * 0.5;
      marks += stroke(
        `M${sx} ${sy} q${6 + rnd() * 6} ${-6} ${14 + rnd() * 6} ${-2}`,
        i % 2 ? '#c9c6c2' : '#55514e',
        2.4,
        'opacity="0.7"',
      );
    }
    c.within(cap, marks);
  }
  if (s.fringe === 'slicked') {
    for (let i = -2; i <= 2; i++) {
      c.add(
        stroke(
          smoothOpen([
            [x + i * 12, hairlineY - 2],
            [x + i * 16, y - ry - v * 0.5],
            [x + i * 20, y - ry - v * 0.2],
          ]),
          pal.hairShine,
          2.2,
          'opacity="0.45"',
        ),
      );
    }
  }
}

/** Long or mid-length hair seen from the front: one shape from the parting, framing the face. */
function framingHair(h: Head, s: Spec, partX: number, hairlineY: number): string {
  const { x, y, rx, ry } = h;
  const v = s.volume;
  const wavy = s.texture === 'wavy';
  const long = s.length > 200;
  const bob = s.fringe === 'bangs';
  const endY = long ? y + s.length : bob ? y + ry * 1.12 : h.shoulderY + 10;
  const flare = long ? 22 : bob ? 4 : 14;
  const hairline: Point[] = bob
    ? [
        [x - rx * 0.3, hairlineY + 4],
        [x - rx * 0.9, hairlineY],
      ]
    : [
        [partX, hairlineY - 10],
        [x - rx * 0.45, hairlineY + 4],
        [x - rx * 0.86, y - ry * 0.2],
      ];
  const hairlineRight: Point[] = bob
    ? [
        [x + rx * 0.9, hairlineY],
        [x + rx * 0.3, hairlineY + 4],
      ]
    : [
        [x + rx * 0.84, y - ry * 0.3],
        [x + rx * 0.4, hairlineY + 2],
      ];
  const side = (k: -1 | 1): { down: Point[]; up: Point[] } => {
    const cheek: Point[] = bob
      ? [
          [x + k * rx * 0.92, y + ry * 0.3],
          [x + k * rx * 0.84, endY - 10],
        ]
      : [
          [x + k * rx * 0.92, y + ry * 0.3],
          [x + k * rx * 0.86, y + ry * 0.75],
          ...edge([x + k * rx * 0.86, y + ry * 1.1], [x + k * (rx + 2), endY - 8], wavy, k).slice(1),
        ];
    const tip: Point = [x + k * (rx + v + flare), endY];
    const outer: Point[] = [
      ...edge(
        [x + k * (rx + v + flare - 6), endY - 26],
        [x + k * (rx + v + 4), y + ry * 0.2],
        wavy,
        k + 2,
      ).slice(0, -1),
      [x + k * (rx + v + 4), y + ry * 0.2],
      [x + k * (rx + v), y - ry * 0.42],
    ];
    // down the inner edge to the tip and up the outer edge (left side); the right side reversed
    return { down: [...cheek, tip, ...outer], up: [...outer].reverse().concat([tip], [...cheek].reverse()) };
  };
  const left = side(-1);
  const right = side(1);
  const top: Point[] = [
    [x - rx * 0.55, y - ry - v * 0.9],
    [x + rx * 0.15, y - ry - v],
    [x + rx * 0.72 + v * 0.2, y - ry * 0.78 - v * 0.55],
  ];
  return smoothClosed([...hairline, ...left.down, ...top, ...right.up, ...hairlineRight], 0.7);
}

function backOfHead(c: Canvas, look: ModelLook, pal: Palette, h: Head, s: Spec): void {
  const { x, y, rx, ry } = h;
  const v = s.volume;
  if (s.texture === 'curly' && s.length > 0) {
    const w = rx + v;
    const pts: Point[] = [
      [x - rx * 0.3, y - ry - v * 0.6],
      [x + w, y - ry * 0.4],
      [x + w + 10, y + s.length * 0.55],
      [x + w - 16, y + s.length],
      [x - w + 30, y + s.length],
      [x - w + 10, y + s.length * 0.5],
      [x - rx * 0.5, y + ry * 0.6],
      [x - rx * 0.45, y - ry * 0.2],
    ];
    const mass = fillAll(c, cloud(pts, 22, 6), pal.hair);
    curls(c, mass, h, w * 0.8, y - ry * 0.6, y + s.length - 20, pal.hairShine, 17);
    return;
  }
  if (s.texture === 'coily' || s.texture === 'curly') {
    const top = s.texture === 'coily' ? v : v + 6;
    const pts: Point[] = [
      [x - rx * 0.4, y - ry - top * 0.8],
      [x + rx * 0.5, y - ry - top],
      [x + rx + v * 0.6, y - ry * 0.4],
      [x + rx + v * 0.4, y + ry * 0.3],
      [x + rx * 0.6, y + ry * 0.62],
      [x, y + ry * 0.68],
      [x - rx * 0.25, y + ry * 0.3],
      [x - rx * 0.5, y - ry * 0.2],
      [x - rx * 0.75, y - ry * 0.6],
    ];
    const mass = fillAll(c, cloud(pts, s.texture === 'coily' ? 11 : 15, 8), pal.hair);
    curls(c, mass, h, rx * 0.6, y - ry - top * 0.5, y + ry * 0.4, pal.hairShine, 19);
    return;
  }
  const crown = s.fringe === 'slicked' ? 14 : s.fringe === 'tousled' ? 8 : 0;
  const nape = s.length > 0 ? y + s.length : y + ry * (s.ponytail ? 0.6 : 0.74);
  const wavy = s.texture === 'wavy';
  const wBottom = s.length > 200 ? rx + v + 20 : s.length > 0 ? rx + v + 12 : rx * 0.62;
  const right = edge([x + rx + v, y - ry * 0.2], [x + wBottom, nape], wavy);
  const left = edge([x - wBottom + (s.length > 0 ? 14 : 0), nape], [x - rx * 0.32, y + ry * 0.45], wavy, 1);
  const d = smoothClosed(
    [
      [x - rx * 0.55, y - ry - v * 0.7 - crown],
      [x + rx * 0.35, y - ry - v - crown],
      [x + rx * 0.9 + v * 0.5, y - ry * 0.7],
      ...right,
      [x, nape + (s.length > 0 ? 6 : 2)],
      ...left,
      [x - rx * 0.3, y + ry * 0.05],
      [x - rx * 0.62, y - ry * 0.42],
    ],
    0.78,
  );
  c.shaded(d, pal.hair, pal.hairShade, -8, 0);
  c.add(
    stroke(
      smoothOpen([
        [x - rx * 0.2, y - ry * 0.8],
        [x + rx * 0.4, y - ry * 0.7 - v * 0.3],
        [x + rx * 0.75, y - ry * 0.35],
      ]),
      pal.hairShine,
      5,
      'opacity="0.4"',
    ),
  );
  if (s.ponytail) {
    const tie: Point = [x + rx * 0.1, y - ry * 0.35];
    const tail = smoothClosed(
      [
        [tie[0] - 18, tie[1]],
        [tie[0] + 20, tie[1]],
        [tie[0] + 34, tie[1] + 120],
        [tie[0] + 16, tie[1] + 250],
        [tie[0] - 4, tie[1] + 150],
        [tie[0] - 20, tie[1] + 60],
      ],
      0.9,
    );
    c.shaded(tail, pal.hair, pal.hairShade, -7, 0);
    c.add(path(ellipse(tie[0], tie[1] + 4, 17, 7), pal.hairShade));
  }
  if (look.hairStyle === 'short-textured') {
    const rnd = seeded(23);
    let marks = '';
    for (let i = 0; i < 16; i++) {
      const sx = x - rx * 0.4 + rnd() * rx * 1.2;
      const sy = y - ry * 0.9 + rnd() * ry * 1.2;
      marks += stroke(
        `M${sx} ${sy} q${5} ${6} ${4} ${14}`,
        i % 2 ? '#c9c6c2' : '#55514e',
        2.4,
        'opacity="0.7"',
      );
    }
    c.within(d, marks);
  }
}

function sideOfHead(c: Canvas, look: ModelLook, pal: Palette, h: Head, s: Spec): void {
  const { x, y, rx, ry } = h;
  const v = s.volume;
  if (s.texture === 'coily' || s.texture === 'curly') {
    const top = s.texture === 'coily' ? v : v + 6;
    const long = s.length > 0;
    const pts: Point[] = [
      [x + rx * 0.7, y - ry * 0.5],
      [x + rx * 0.35, y - ry - top],
      [x - rx * 0.5, y - ry - top * 0.9],
      [x - rx - v * 0.6, y - ry * 0.3],
      [x - rx - v * 0.4, y + ry * (long ? 0.9 : 0.3)],
      [x - rx * 0.4, y + ry * (long ? 1.0 : 0.6)],
      [x - rx * 0.05, y + ry * 0.25],
      [x + rx * 0.1, y - ry * 0.2],
      [x + rx * 0.45, y - ry * 0.5],
    ];
    const mass = fillAll(c, cloud(pts, s.texture === 'coily' ? 11 : 17, 12), pal.hair);
    curls(c, mass, h, rx * 0.7, y - ry - top * 0.5, y + ry * 0.4, pal.hairShine, 29);
    return;
  }
  const crown = s.fringe === 'slicked' ? 16 : s.fringe === 'tousled' ? 8 : 0;
  const long = s.length > 0;
  const front: Point =
    s.fringe === 'bangs'
      ? [x + rx * 0.92, y - ry * 0.22]
      : [x + rx * 0.74, y - ry * (s.fringe === 'tousled' ? 0.44 : 0.6)];
  const top: Point[] = [
    [x + rx * 0.62 + crown * 0.5, y - ry - v * 0.5 - crown],
    [x - rx * 0.1, y - ry - v - crown * 0.6],
    [x - rx - v * 0.7, y - ry * 0.35],
  ];
  if (s.fringe === 'tousled') top.unshift([x + rx * 0.98, y - ry * 0.66]);
  if (s.fringe === 'bangs') top.unshift([x + rx * 1.02, y - ry * 0.5]);
  let pts: Point[];
  if (long) {
    // covers the ear and falls to the jaw (the rest hangs behind, in the back layer)
    const bottom = Math.min(y + s.length, y + ry * 1.3);
    pts = [
      front,
      ...top,
      [x - rx - v * 0.8, y + ry * 0.2],
      [x - rx * 0.7, bottom],
      [x - rx * 0.1, bottom + 4],
      [x + rx * 0.12, y + ry * 0.4],
      [x + rx * 0.14, y - ry * 0.05],
      [x + rx * 0.4, y - ry * 0.36],
    ];
  } else {
    // a clean short cut: sideburn, around the ear, a tidy nape
    pts = [
      front,
      ...top,
      [x - rx - v * 0.5, y + ry * 0.1],
      [x - rx * 0.78, y + ry * 0.4],
      [x - rx * 0.42, y + ry * 0.36],
      [x - rx * 0.26, y + ry * 0.12],
      [x - rx * 0.06, y - ry * 0.1],
      [x + rx * 0.1, y + ry * 0.18],
      [x + rx * 0.2, y + ry * 0.14],
      [x + rx * 0.3, y - ry * 0.24],
      [x + rx * 0.5, y - ry * 0.46],
    ];
  }
  const shape = smoothClosed(pts, 0.78);
  c.shaded(shape, pal.hair, pal.hairShade, 7, 0);
  c.add(
    stroke(
      smoothOpen([
        [x + rx * 0.5, y - ry * 0.8],
        [x, y - ry - v * 0.6],
        [x - rx * 0.6, y - ry * 0.75],
      ]),
      pal.hairShine,
      5,
      'opacity="0.45"',
    ),
  );
  if (s.fringe === 'slicked') {
    for (let i = 0; i < 4; i++) {
      c.add(
        stroke(
          smoothOpen([
            [x + rx * 0.55, y - ry * 0.6 + i * 10],
            [x, y - ry * 0.9 + i * 14],
            [x - rx * 0.8, y - ry * 0.4 + i * 16],
          ]),
          pal.hairShine,
          2.2,
          'opacity="0.4"',
        ),
      );
    }
  }
  if (look.hairStyle === 'short-textured') {
    const rnd = seeded(27);
    let marks = '';
    for (let i = 0; i < 16; i++) {
      const sx = x - rx * 0.7 + rnd() * rx * 1.1;
      const sy = y - ry * 0.95 + rnd() * ry * 0.8;
      marks += stroke(
        `M${sx} ${sy} q${-6} ${4} ${-14} ${6}`,
        i % 2 ? '#c9c6c2' : '#55514e',
        2.4,
        'opacity="0.7"',
      );
    }
    c.within(shape, marks);
  }
  if (s.ponytail) c.add(path(ellipse(x - rx * 0.86, y - ry * 0.5, 8, 16), pal.hairShade));
}

// Drawing kit for the background scenes: a pinhole camera for simple perspective (streets,
// rooms, avenues), gradients, soft glows. Scenes are 1024 x 1536, the camera at about hip
// height so a full-length figure standing in the foreground sits naturally on the ground.

import { Canvas } from '../../../supabase/local/catalogue-art/canvas.ts';
import { type Point, smoothClosed } from '../../../supabase/local/catalogue-art/svg.ts';

export { Canvas };
export const W = 1024;
export const H = 1536;

export type V3 = readonly [number, number, number];

/** Camera at x = 0, `height` m above the ground, looking along +z; the horizon at y = horizon. */
export class Camera {
  constructor(
    readonly focal = 700,
    readonly horizon = 840,
    readonly height = 1.5,
    readonly centreX = W / 2,
  ) {}

  /** (x right, y up from the ground, z away) in metres -> canvas pixels */
  p([x, y, z]: V3): Point {
    return [this.centreX + (this.focal * x) / z, this.horizon - (this.focal * (y - this.height)) / z];
  }

  poly(pts: readonly V3[]): string {
    return polygon(pts.map((q) => this.p(q)));
  }

  /** A rectangle on the wall plane x = const, from z1 to z2 and y1 to y2. */
  wallRect(x: number, z1: number, z2: number, y1: number, y2: number): string {
    return this.poly([
      [x, y1, z1],
      [x, y1, z2],
      [x, y2, z2],
      [x, y2, z1],
    ]);
  }

  /** A rectangle facing the camera at depth z. */
  faceRect(x1: number, x2: number, y1: number, y2: number, z: number): string {
    return this.poly([
      [x1, y1, z],
      [x2, y1, z],
      [x2, y2, z],
      [x1, y2, z],
    ]);
  }

  /** A rectangle on the ground (or any level y). */
  groundRect(x1: number, x2: number, z1: number, z2: number, y = 0): string {
    return this.poly([
      [x1, y, z1],
      [x2, y, z1],
      [x2, y, z2],
      [x1, y, z2],
    ]);
  }

  /** Pixel size of one metre at depth z. */
  scale(z: number): number {
    return this.focal / z;
  }
}

const r = (n: number) => Math.round(n * 10) / 10;

export function polygon(pts: readonly Point[]): string {
  return `M${pts.map(([x, y]) => `${r(x)} ${r(y)}`).join(' L')}Z`;
}

export function rect(x: number, y: number, w: number, h: number): string {
  return `M${r(x)} ${r(y)} h${r(w)} v${r(h)} h${r(-w)}Z`;
}

/** A vertical linear gradient, stops as [offset, colour] (offsets 0..1 of y1..y2). */
export function vGradient(
  c: Canvas,
  y1: number,
  y2: number,
  stops: readonly [number, string, number?][],
): string {
  const id = c.id('v');
  const s = stops
    .map(
      ([o, col, a]) =>
        `<stop offset="${o}" stop-color="${col}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('');
  c.def(
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="${y1}" x2="0" y2="${y2}">${s}</linearGradient>`,
  );
  return `url(#${id})`;
}

export function hGradient(
  c: Canvas,
  x1: number,
  x2: number,
  stops: readonly [number, string, number?][],
): string {
  const id = c.id('h');
  const s = stops
    .map(
      ([o, col, a]) =>
        `<stop offset="${o}" stop-color="${col}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('');
  c.def(
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${x1}" y1="0" x2="${x2}" y2="0">${s}</linearGradient>`,
  );
  return `url(#${id})`;
}

/** A soft round glow (sun, lamp, light pool). */
export function glow(
  c: Canvas,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  colour: string,
  opacity: number,
): void {
  const id = c.id('r');
  c.def(
    `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${cx}" cy="${cy}" r="${rx}" gradientTransform="translate(${cx} ${cy}) scale(1 ${ry / rx}) translate(${-cx} ${-cy})"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
  );
  c.add(`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#${id})"/>`);
}

export function fill(d: string, colour: string, opacity?: number): string {
  return `<path d="${d}" fill="${colour}"${opacity === undefined ? '' : ` opacity="${opacity}"`}/>`;
}

export function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  colour: string,
  width: number,
  opacity = 1,
): string {
  return `<path d="M${r(x1)} ${r(y1)} L${r(x2)} ${r(y2)}" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" fill="none" opacity="${opacity}"/>`;
}

/** A soft cloud made of overlapping rounded lobes. */
export function cloudShape(cx: number, cy: number, w: number, h: number): string {
  const pts: Point[] = [
    [cx - w / 2, cy + h * 0.3],
    [cx - w * 0.38, cy - h * 0.1],
    [cx - w * 0.18, cy - h * 0.35],
    [cx + w * 0.05, cy - h * 0.5],
    [cx + w * 0.25, cy - h * 0.3],
    [cx + w * 0.42, cy - h * 0.05],
    [cx + w / 2, cy + h * 0.3],
  ];
  return smoothClosed(pts, 1);
}

/** A palm tree: a curved trunk from the ground point with fronds at the top. */
export function palm(
  base: Point,
  height: number,
  lean: number,
  trunk: string,
  leaf: string,
  leafDark: string,
  crown = 0.32,
  thickness = 0.028,
): string {
  const [bx, by] = base;
  const top: Point = [bx + lean, by - height];
  const w0 = height * thickness;
  const w1 = height * thickness * 0.65;
  const mid: Point = [bx + lean * 0.2, by - height * 0.55];
  let out = `<path d="M${r(bx - w0)} ${r(by)} Q${r(mid[0] - w0)} ${r(mid[1])} ${r(top[0] - w1)} ${r(top[1])} L${r(top[0] + w1)} ${r(top[1])} Q${r(mid[0] + w0)} ${r(mid[1])} ${r(bx + w0)} ${r(by)}Z" fill="${trunk}"/>`;
  const fronds = [-165, -140, -115, -65, -40, -15, 15, 165, -90];
  const len = height * crown;
  fronds.forEach((deg, i) => {
    const a = (deg * Math.PI) / 180;
    const droop = Math.abs(Math.cos(a)) * len * 0.45;
    const ex = top[0] + Math.cos(a) * len;
    const ey = top[1] + Math.sin(a) * len * 0.55 + droop;
    const cx1 = top[0] + Math.cos(a) * len * 0.5;
    const cy1 = top[1] + Math.sin(a) * len * 0.6 - len * 0.12;
    const wdt = len * 0.09;
    out += `<path d="M${r(top[0])} ${r(top[1] - wdt)} Q${r(cx1)} ${r(cy1 - wdt)} ${r(ex)} ${r(ey)} Q${r(cx1)} ${r(cy1 + wdt)} ${r(top[0])} ${r(top[1] + wdt)}Z" fill="${i % 2 ? leafDark : leaf}"/>`;
  });
  return out;
}

export function sceneSvg(c: Canvas): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${c.defsMarkup}</defs>${c.bodyMarkup}</svg>`;
}

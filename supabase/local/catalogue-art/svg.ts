// Small SVG building blocks shared by the figures and the scenes: colours, smooth outlines,
// tapered limbs. Every shape is plain path data so librsvg (sharp) renders it exactly.

export type Point = readonly [number, number];

const r1 = (n: number) => Math.round(n * 10) / 10;

export function hex(c: string): [number, number, number] {
  const h = c.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** Mixes two #rrggbb colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hex(a);
  const [br, bg, bb] = hex(b);
  const ch = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${ch(ar, br)}${ch(ag, bg)}${ch(ab, bb)}`;
}

export const darken = (c: string, t: number) => mix(c, '#1a0f0a', t);
export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);

/** A closed outline through the points, smoothed (Catmull-Rom turned into cubic Béziers). */
export function smoothClosed(pts: readonly Point[], tension = 1): string {
  const n = pts.length;
  let d = `M${r1(pts[0][0])} ${r1(pts[0][1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = pts[(i - 1 + n) % n];
    const p1 = pts[i];
    const p2 = pts[(i + 1) % n];
    const p3 = pts[(i + 2) % n];
    const k = tension / 6;
    const c1: Point = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k];
    d += ` C${r1(c1[0])} ${r1(c1[1])} ${r1(c2[0])} ${r1(c2[1])} ${r1(p2[0])} ${r1(p2[1])}`;
  }
  return `${d}Z`;
}

/** An open smooth curve through the points (for strokes). */
export function smoothOpen(pts: readonly Point[], tension = 1): string {
  const n = pts.length;
  let d = `M${r1(pts[0][0])} ${r1(pts[0][1])}`;
  for (let i = 0; i < n - 1; i++) {
    const p0 = pts[Math.max(0, i - 1)];
    const p1 = pts[i];
    const p2 = pts[i + 1];
    const p3 = pts[Math.min(n - 1, i + 2)];
    const k = tension / 6;
    d += ` C${r1(p1[0] + (p2[0] - p0[0]) * k)} ${r1(p1[1] + (p2[1] - p0[1]) * k)} ${r1(p2[0] - (p3[0] - p1[0]) * k)} ${r1(p2[1] - (p3[1] - p1[1]) * k)} ${r1(p2[0])} ${r1(p2[1])}`;
  }
  return d;
}

/**
 * A limb from a (radius ra) to b (radius rb), with a soft bulge of `bulge` px on each side at
 * fraction `at` of the way (a calf, a forearm), rounded at both ends.
 */
export function limb(a: Point, ra: number, b: Point, rb: number, bulge = 0, at = 0.35): string {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy) || 1;
  const nx = -dy / len;
  const ny = dx / len;
  const ux = dx / len;
  const uy = dy / len;
  const m: Point = [a[0] + dx * at, a[1] + dy * at];
  const rm = ra + (rb - ra) * at + bulge;
  const pts: Point[] = [
    [a[0] + nx * ra, a[1] + ny * ra],
    [m[0] + nx * rm, m[1] + ny * rm],
    [b[0] + nx * rb, b[1] + ny * rb],
    [b[0] + ux * rb * 0.95, b[1] + uy * rb * 0.95],
    [b[0] - nx * rb, b[1] - ny * rb],
    [m[0] - nx * rm, m[1] - ny * rm],
    [a[0] - nx * ra, a[1] - ny * ra],
    [a[0] - ux * ra * 0.95, a[1] - uy * ra * 0.95],
  ];
  return smoothClosed(pts, 0.9);
}

export function ellipse(cx: number, cy: number, rx: number, ry: number): string {
  return `M${r1(cx - rx)} ${r1(cy)} A${r1(rx)} ${r1(ry)} 0 1 0 ${r1(cx + rx)} ${r1(cy)} A${r1(rx)} ${r1(ry)} 0 1 0 ${r1(cx - rx)} ${r1(cy)}Z`;
}

/** Mirrors x about the vertical line x = axis. */
export const mirrorX = (pts: readonly Point[], axis: number): Point[] =>
  pts.map(([x, y]) => [2 * axis - x, y] as Point);

export function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function stroke(d: string, colour: string, width: number, extra = ''): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra ? ` ${extra}` : ''}/>`;
}

/** Deterministic pseudo-random numbers (the art must be identical on every run). */
export function seeded(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 100000) / 100000;
  };
}

export function svgDoc(width: number, height: number, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>`;
}

/**
 * One smooth limb through several joints: `pts` are [x, y, radius] along the limb (hip, knee,
 * calf, ankle…); the outline is offset along each joint's normal, with rounded ends.
 */
export function taper(pts: readonly (readonly [number, number, number])[]): string {
  const n = pts.length;
  const normal = (i: number): Point => {
    const a = pts[Math.max(0, i - 1)];
    const b = pts[Math.min(n - 1, i + 1)];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    return [-dy / len, dx / len];
  };
  const left: Point[] = [];
  const right: Point[] = [];
  pts.forEach(([x, y, r], i) => {
    const [nx, ny] = normal(i);
    left.push([x + nx * r, y + ny * r]);
    right.push([x - nx * r, y - ny * r]);
  });
  const [ex, ey, er] = pts[n - 1];
  const [sx, sy, sr] = pts[0];
  const [dx1, dy1] = normal(n - 1);
  const [dx0, dy0] = normal(0);
  // tips: just beyond each end, along the limb (the direction is the normal turned back)
  const endTip: Point = [ex + dy1 * er * 0.9, ey - dx1 * er * 0.9];
  const startTip: Point = [sx - dy0 * sr * 0.9, sy + dx0 * sr * 0.9];
  return smoothClosed([...left, endTip, ...right.reverse(), startTip], 0.85);
}

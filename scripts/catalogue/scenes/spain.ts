// Spain: a sunny old-town street in one-point perspective — ochre and whitewashed walls,
// wrought-iron balconies with geraniums, green shutters, a church front at the end, cobbles.
import { seeded } from '../../../supabase/local/catalogue-art/svg.ts';
import { Camera, Canvas, H, W, fill, line, rect, sceneSvg, vGradient } from './kit.ts';

export function spain(): string {
  const c = new Canvas('spain');
  const cam = new Camera(640, 820, 1.5);
  const half = 3.4;
  const far = 30;
  c.add(
    fill(
      rect(0, 0, W, H),
      vGradient(c, 0, 820, [
        [0, '#6fb2e4'],
        [1, '#cfe6f5'],
      ]),
    ),
  );

  // the church at the end of the street
  const [cl, ct] = cam.p([-half, 14, far]);
  const [cr, cb] = cam.p([half, 0, far]);
  c.add(fill(rect(cl, ct, cr - cl, cb - ct), '#ecd9b6'));
  const [bx1, by1] = cam.p([-1.1, 20, far]);
  const [bx2] = cam.p([1.1, 20, far]);
  c.add(fill(rect(bx1, by1, bx2 - bx1, ct - by1), '#e7d1aa'));
  c.add(fill(`M${bx1 - 4} ${by1} L${(bx1 + bx2) / 2} ${by1 - 26} L${bx2 + 4} ${by1}Z`, '#b8643f'));
  const [dx1, dy1] = cam.p([-0.9, 3.2, far]);
  const [dx2, dy2] = cam.p([0.9, 0, far]);
  c.add(
    fill(`M${dx1} ${dy2} V${dy1 + 10} A${(dx2 - dx1) / 2} 14 0 0 1 ${dx2} ${dy1 + 10} V${dy2}Z`, '#6b4a32'),
  );
  c.add(`<circle cx="${(bx1 + bx2) / 2}" cy="${by1 + 24}" r="8" fill="#3c3a3a"/>`);

  // the street: cobbles converging on the church
  c.add(
    fill(
      cam.poly([
        [-half, 0, 1.2],
        [half, 0, 1.2],
        [half, 0, far],
        [-half, 0, far],
      ]),
      vGradient(c, 820, H, [
        [0, '#c9b9a1'],
        [1, '#a8937a'],
      ]),
    ),
  );
  const rnd = seeded(3);
  for (let z = 1.6; z < far; z *= 1.09) {
    const [x1, y] = cam.p([-half, 0, z]);
    const [x2] = cam.p([half, 0, z]);
    c.add(line(x1, y, x2, y, '#8f7b63', Math.max(1, 5 - z * 0.2), 0.45));
  }
  for (let x = -half; x <= half; x += 0.34) {
    const [x1, y1] = cam.p([x + (rnd() - 0.5) * 0.1, 0, 1.3]);
    const [x2, y2] = cam.p([x, 0, far]);
    c.add(line(x1, y1, x2, y2, '#8f7b63', 2, 0.35));
  }
  // the left wall's shadow across the street, sun on the right
  c.add(
    fill(
      cam.poly([
        [-half, 0, 1.2],
        [0.4, 0, 1.2],
        [-0.6, 0, far],
        [-half, 0, far],
      ]),
      '#5a4330',
      0.16,
    ),
  );

  // walls: left ochre in shade, right whitewashed in the sun
  const walls = [
    { x: -half, base: '#d79a57', dark: '#b97b3c', top: 12 },
    { x: half, base: '#f3e6cf', dark: '#dcc8a6', top: 11 },
  ];
  for (const wall of walls) {
    c.add(fill(cam.wallRect(wall.x, 0.8, far, 0, wall.top), wall.base));
    // a plinth
    c.add(fill(cam.wallRect(wall.x, 0.8, far, 0, 0.6), wall.dark));
    // roof edge with terracotta tiles
    c.add(fill(cam.wallRect(wall.x, 0.8, far, wall.top - 0.35, wall.top), '#b8643f'));
  }
  // doors, windows with shutters and iron balconies, every few metres
  for (const side of [-1, 1] as const) {
    const x = side * half;
    const shutter = side < 0 ? '#2f6b4f' : '#2b5d8a';
    for (let z = 4.2; z < far - 3; z += 4.4) {
      const w = 1.3;
      // ground floor: a door
      c.add(fill(cam.wallRect(x, z, z + 1.1, 0, 2.4), '#5b3b27'));
      // first and second floor windows with shutters and a balcony
      for (const y of [3.6, 6.8]) {
        c.add(fill(cam.wallRect(x, z - 0.3, z + w + 0.3, y, y + 2.1), shutter));
        c.add(fill(cam.wallRect(x, z, z + w, y, y + 2.1), '#3a2f2a'));
        // balcony slab and railing
        const rail = cam.wallRect(x, z - 0.4, z + w + 0.4, y - 0.1, y + 0.9);
        c.add(`<path d="${rail}" fill="none" stroke="#2a2420" stroke-width="${Math.max(1, 40 / z)}"/>`);
        for (let k = 0; k <= 6; k++) {
          const zz = z - 0.4 + ((w + 0.8) * k) / 6;
          const [ax, ay] = cam.p([x, y - 0.1, zz]);
          const [, by] = cam.p([x, y + 0.9, zz]);
          c.add(line(ax, ay, ax, by, '#2a2420', Math.max(1, 24 / z)));
        }
        // geraniums
        if (rnd() > 0.25) {
          for (let k = 0; k < 5; k++) {
            const [fx, fy] = cam.p([x - side * 0.15, y + 1.0, z + 0.1 + k * 0.28]);
            const r = Math.max(2, 160 / z / 6);
            c.add(
              `<circle cx="${fx.toFixed(1)}" cy="${fy.toFixed(1)}" r="${r.toFixed(1)}" fill="${k % 2 ? '#d8343a' : '#4a7a3a'}"/>`,
            );
          }
        }
      }
    }
  }
  // soft shade on the left wall, warm light on the right
  c.add(fill(cam.wallRect(-half, 0.8, far, 0, 12), '#7a4a22', 0.12));
  // a hanging lantern on the right wall
  const [lx, ly] = cam.p([half - 0.3, 4.2, 7]);
  c.add(line(lx + 18, ly - 20, lx, ly - 20, '#2a2420', 4));
  c.add(
    fill(
      `M${lx - 10} ${ly - 20} L${lx + 10} ${ly - 20} L${lx + 7} ${ly + 10} L${lx - 7} ${ly + 10}Z`,
      '#2a2420',
    ),
  );
  c.add(fill(rect(lx - 5, ly - 14, 10, 20), '#f6d38a'));
  return sceneSvg(c);
}

// Beverly Hills: a wide avenue lined with tall palms receding to the hills, clipped hedges,
// a pale sidewalk in the foreground, a clear Californian sky.
import { Camera, Canvas, H, W, fill, glow, line, palm, rect, sceneSvg, vGradient } from './kit.ts';

export function beverlyHills(): string {
  const c = new Canvas('bh');
  const cam = new Camera(700, 900, 1.5);
  const far = 400;
  c.add(
    fill(
      rect(0, 0, W, 902),
      vGradient(c, 0, 900, [
        [0, '#4f9fdc'],
        [0.6, '#9fcdef'],
        [1, '#f4e6d6'],
      ]),
    ),
  );
  glow(c, 820, 380, 420, 380, '#fff6e6', 0.35);
  // hills in the haze
  c.add(
    fill(
      `M0 900 L0 820 C140 780 260 800 380 830 C500 790 640 760 780 800 C880 820 960 790 ${W} 800 L${W} 900Z`,
      '#a9bcb8',
    ),
  );
  c.add(fill(`M0 900 L0 860 C180 840 320 860 520 872 C700 850 860 850 ${W} 860 L${W} 900Z`, '#8fa79e'));
  // the avenue, verges and sidewalks
  c.add(
    fill(
      cam.poly([
        [-60, 0, 2],
        [60, 0, 2],
        [60, 0, far],
        [-60, 0, far],
      ]),
      '#9fb78a',
    ),
  );
  c.add(
    fill(
      cam.poly([
        [-4.5, 0, 1],
        [4.5, 0, 1],
        [4.5, 0, far],
        [-4.5, 0, far],
      ]),
      vGradient(c, 900, H, [
        [0, '#8d8c8f'],
        [1, '#6f6e72'],
      ]),
    ),
  );
  // lane markings
  for (let z = 4; z < far; z *= 1.25) {
    c.add(
      fill(
        cam.poly([
          [-0.08, 0.01, z],
          [0.08, 0.01, z],
          [0.08, 0.01, z * 1.1],
          [-0.08, 0.01, z * 1.1],
        ]),
        '#f2e6b8',
      ),
    );
  }
  // hedges along both sides
  for (const side of [-1, 1] as const) {
    c.add(
      fill(
        cam.poly([
          [side * 9, 0, 3],
          [side * 9, 1.6, 3],
          [side * 9, 1.6, far],
          [side * 9, 0, far],
        ]),
        side < 0 ? '#3f6b46' : '#4d7c52',
      ),
    );
    c.add(
      fill(
        cam.poly([
          [side * 9, 1.6, 3],
          [side * 10, 1.6, 3],
          [side * 10, 1.6, far],
          [side * 9, 1.6, far],
        ]),
        '#5e8f60',
      ),
    );
  }
  // palms from far to near so the near ones overlap
  const palms: [number, number][] = [];
  for (let z = 260; z >= 11; z /= 1.5) palms.push([z, 1], [z * 1.12, -1]);
  palms.sort((a, b) => b[0] - a[0]);
  for (const [z, side] of palms) {
    const base = cam.p([side * 7.5, 0, z]);
    const height = 24 * cam.scale(z);
    const lean = side * height * 0.04;
    const near = Math.min(1, 30 / z);
    c.add(
      palm(
        base,
        height,
        lean,
        mix3('#9a7a5c', near),
        mix3('#3f7a4a', near),
        mix3('#2f6239', near),
        0.13,
        0.011,
      ),
    );
  }
  // the sidewalk in the foreground: pale concrete slabs
  c.add(
    fill(
      `M0 1180 L${W} 1180 L${W} ${H} L0 ${H}Z`,
      vGradient(c, 1180, H, [
        [0, '#ece3d5'],
        [1, '#ded3c2'],
      ]),
    ),
  );
  c.add(fill(rect(0, 1168, W, 14), '#c9bfae'));
  for (const y of [1230, 1300, 1400, 1520]) c.add(line(0, y, W, y, '#cdbfa9', 2, 0.7));
  for (let k = -4; k <= 4; k++) c.add(line(512 + k * 150, 1182, 512 + k * 330, H, '#cdbfa9', 2, 0.6));
  return sceneSvg(c);
}

/** Distant things fade into the sky's haze. */
function mix3(colour: string, near: number): string {
  const haze = [0xb9, 0xcf, 0xd8];
  const h = colour.replace('#', '');
  const ch = (i: number) => {
    const v = Number.parseInt(h.slice(i * 2, i * 2 + 2), 16);
    return Math.round(haze[i] + (v - haze[i]) * (0.35 + 0.65 * near))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${ch(0)}${ch(1)}${ch(2)}`;
}

// Loft: a bright industrial loft — exposed brick, a tall steel-framed window with daylight
// falling across a polished concrete floor, a fiddle-leaf fig and a leather lounge chair.
import { seeded } from '../../../supabase/local/catalogue-art/svg.ts';
import { Camera, Canvas, H, fill, line, rect, sceneSvg, vGradient } from './kit.ts';

export function loft(): string {
  const c = new Canvas('loft');
  const cam = new Camera(600, 900, 1.5);
  const back = 7;
  const half = 5;
  const ceil = 7;
  // back wall: brick
  c.add(fill(cam.faceRect(-half, half, 0, ceil, back), '#b0644a'));
  const [bl, bt] = cam.p([-half, ceil, back]);
  const [br, bb] = cam.p([half, 0, back]);
  const brickH = cam.scale(back) * 0.075;
  const rnd = seeded(4);
  for (let y = bt, row = 0; y < bb; y += brickH, row++) {
    c.add(line(bl, y, br, y, '#8f4b36', 1.6, 0.55));
    for (let x = bl + (row % 2 ? 0 : brickH * 1.4); x < br; x += brickH * 2.8)
      c.add(line(x, y, x, y + brickH, '#8f4b36', 1.4, 0.5));
    if (rnd() > 0.6)
      c.add(
        fill(rect(bl + rnd() * (br - bl), y, brickH * 2.6, brickH), rnd() > 0.5 ? '#c07558' : '#9c553e', 0.6),
      );
  }
  // the big window on the back wall with a sky and far rooftops
  const win = cam.faceRect(-2.4, 2.4, 0.6, 5.8, back - 0.01);
  const [wl, wt] = cam.p([-2.4, 5.8, back]);
  const [wr, wb] = cam.p([2.4, 0.6, back]);
  c.add(
    fill(
      win,
      vGradient(c, wt, wb, [
        [0, '#cfe6f3'],
        [1, '#f3f7f6'],
      ]),
    ),
  );
  c.add(
    fill(
      `M${wl} ${wb} L${wl} ${wb - 120} L${wl + 60} ${wb - 120} L${wl + 60} ${wb - 180} L${wl + 130} ${wb - 180} L${wl + 130} ${wb - 90} L${wl + 210} ${wb - 90} L${wl + 210} ${wb - 150} L${wl + 300} ${wb - 150} L${wl + 300} ${wb - 70} L${wr} ${wb - 70} L${wr} ${wb}Z`,
      '#b9c7cf',
    ),
  );
  const cols = 5;
  const rows = 7;
  for (let i = 0; i <= cols; i++) {
    const x = wl + ((wr - wl) * i) / cols;
    c.add(line(x, wt, x, wb, '#22262a', i === 0 || i === cols ? 10 : 5));
  }
  for (let j = 0; j <= rows; j++) {
    const y = wt + ((wb - wt) * j) / rows;
    c.add(line(wl, y, wr, y, '#22262a', j === 0 || j === rows ? 10 : 5));
  }
  // left wall, painted white, and right wall brick in shade
  c.add(
    fill(
      cam.poly([
        [-half, 0, 1],
        [-half, 0, back],
        [-half, ceil, back],
        [-half, ceil, 1],
      ]),
      '#efebe5',
    ),
  );
  c.add(
    fill(
      cam.poly([
        [half, 0, 1],
        [half, 0, back],
        [half, ceil, back],
        [half, ceil, 1],
      ]),
      '#93523d',
    ),
  );
  c.add(
    fill(
      cam.poly([
        [half, 0, 1],
        [half, 0, back],
        [half, ceil, back],
        [half, ceil, 1],
      ]),
      '#2a1a12',
      0.25,
    ),
  );
  // ceiling with beams
  c.add(
    fill(
      cam.poly([
        [-half, ceil, 1],
        [half, ceil, 1],
        [half, ceil, back],
        [-half, ceil, back],
      ]),
      '#e6e1da',
    ),
  );
  for (let z = 2; z < back; z += 1.6)
    c.add(
      fill(
        cam.poly([
          [-half, ceil, z],
          [half, ceil, z],
          [half, ceil - 0.16, z],
          [-half, ceil - 0.16, z],
        ]),
        '#4a4d52',
      ),
    );
  // floor: polished concrete
  c.add(
    fill(
      cam.poly([
        [-half, 0, 0.9],
        [half, 0, 0.9],
        [half, 0, back],
        [-half, 0, back],
      ]),
      vGradient(c, 1000, H, [
        [0, '#cdc8c1'],
        [1, '#aaa49c'],
      ]),
    ),
  );
  for (let z = 2; z < back; z += 2.2) {
    const [x1, y] = cam.p([-half, 0, z]);
    const [x2] = cam.p([half, 0, z]);
    c.add(line(x1, y, x2, y, '#9b958d', 2, 0.5));
  }
  // daylight through the window falling on the floor
  c.add(
    fill(
      cam.poly([
        [-2.4, 0, back],
        [2.4, 0, back],
        [3.6, 0, 2.2],
        [-1.2, 0, 2.2],
      ]),
      '#fffaf0',
      0.14,
    ),
  );
  // fiddle-leaf fig in a pot, left
  const [px, py] = cam.p([-2.3, 0, 3.3]);
  const s = cam.scale(3.3);
  c.add(
    fill(
      `M${px - 0.28 * s} ${py - 0.5 * s} L${px + 0.28 * s} ${py - 0.5 * s} L${px + 0.22 * s} ${py} L${px - 0.22 * s} ${py}Z`,
      '#e8e2d8',
    ),
  );
  c.add(line(px, py - 0.5 * s, px + 0.05 * s, py - 1.9 * s, '#5a4632', 5));
  for (let i = 0; i < 14; i++) {
    const a = -Math.PI / 2 + (rnd() - 0.5) * 2.4;
    const len = (0.25 + rnd() * 0.2) * s;
    const lx = px + Math.cos(a) * (0.2 + rnd() * 0.5) * s;
    const ly = py - (1.0 + rnd() * 1.0) * s;
    c.add(
      `<ellipse cx="${lx.toFixed(1)}" cy="${ly.toFixed(1)}" rx="${(len * 0.38).toFixed(1)}" ry="${(len * 0.6).toFixed(1)}" fill="${i % 3 ? '#3d6b3f' : '#2f5632'}" transform="rotate(${Math.round((a * 180) / Math.PI + 90)} ${lx.toFixed(1)} ${ly.toFixed(1)})"/>`,
    );
  }
  // a cognac leather lounge chair, right
  const [cx, cy] = cam.p([2.25, 0, 3.6]);
  const k = cam.scale(3.6);
  c.add(
    fill(
      `M${cx - 0.45 * k} ${cy - 0.42 * k} Q${cx - 0.5 * k} ${cy - 0.95 * k} ${cx - 0.2 * k} ${cy - 1.0 * k} L${cx + 0.45 * k} ${cy - 0.95 * k} Q${cx + 0.55 * k} ${cy - 0.6 * k} ${cx + 0.45 * k} ${cy - 0.35 * k}Z`,
      '#9a5a32',
    ),
  );
  c.add(fill(rect(cx - 0.55 * k, cy - 0.45 * k, 1.1 * k, 0.2 * k), '#b36d3f'));
  c.add(line(cx - 0.45 * k, cy - 0.25 * k, cx - 0.5 * k, cy, '#1f1f1f', 4));
  c.add(line(cx + 0.45 * k, cy - 0.25 * k, cx + 0.5 * k, cy, '#1f1f1f', 4));
  // pendant lamps
  for (const x of [-1.6, 1.6]) {
    const [lx, ly] = cam.p([x * 1.4, 4.6, 4.4]);
    const [, ty] = cam.p([x * 1.4, ceil, 4.4]);
    c.add(line(lx, ty, lx, ly, '#222', 2));
    c.add(fill(`M${lx - 22} ${ly + 18} Q${lx} ${ly - 14} ${lx + 22} ${ly + 18}Z`, '#1f2326'));
    c.add(`<ellipse cx="${lx}" cy="${ly + 19}" rx="14" ry="4" fill="#ffe7b0"/>`);
  }
  return sceneSvg(c);
}

// Villa Pool: a white modernist villa with floor-to-ceiling glass and a timber screen, an
// infinity-edge pool, palms and an olive tree, a travertine deck in the foreground.
import { seeded } from '../../../supabase/local/catalogue-art/svg.ts';
import { Canvas, H, W, cloudShape, fill, line, palm, rect, sceneSvg, vGradient } from './kit.ts';

export function villaPool(): string {
  const c = new Canvas('villa');
  c.add(
    fill(
      rect(0, 0, W, 900),
      vGradient(c, 0, 900, [
        [0, '#5aa6dd'],
        [1, '#cfe7f4'],
      ]),
    ),
  );
  c.add(fill(cloudShape(230, 200, 300, 70), '#ffffff', 0.75));
  c.add(fill(cloudShape(820, 150, 220, 50), '#ffffff', 0.6));
  // palms behind the villa
  c.add(palm([140, 760], 620, -40, '#8f7356', '#3e7b4c', '#2c5f39', 0.26, 0.02));
  c.add(palm([910, 720], 560, 50, '#8f7356', '#3e7b4c', '#2c5f39', 0.26, 0.02));
  // the villa: two white volumes, a cantilevered roof, glass and a timber screen
  c.add(fill(rect(-20, 560, 700, 360), '#f7f5f1'));
  c.add(fill(rect(-40, 540, 760, 34), '#ffffff'));
  c.add(fill(rect(-40, 572, 760, 10), '#d9d6d0'));
  c.add(fill(rect(600, 640, 460, 280), '#efebe4'));
  c.add(fill(rect(580, 622, 480, 26), '#ffffff'));
  c.add(fill(rect(580, 646, 480, 8), '#d9d6d0'));
  // glazing with reflections of the sky
  c.add(
    fill(
      rect(40, 620, 520, 300),
      vGradient(c, 620, 920, [
        [0, '#6f8fa3'],
        [1, '#3f5a6b'],
      ]),
    ),
  );
  for (const x of [170, 300, 430]) c.add(line(x, 620, x, 920, '#f7f5f1', 6));
  c.add(fill('M60 620 L140 620 L60 760Z', '#ffffff', 0.18));
  c.add(fill('M320 620 L420 620 L300 900 L240 900Z', '#ffffff', 0.12));
  // a timber screen on the second volume
  c.add(fill(rect(660, 690, 300, 230), '#b98a5e'));
  for (let x = 668; x < 960; x += 16) c.add(line(x, 690, x, 920, '#8e6640', 4, 0.8));
  // olive tree in a planter, right
  const rnd = seeded(8);
  c.add(fill(rect(860, 860, 120, 70), '#e4ddd2'));
  c.add(`<path d="M920 862 C915 820 930 800 918 770" stroke="#6b5a45" stroke-width="10" fill="none"/>`);
  for (let i = 0; i < 70; i++) {
    const x = 920 + (rnd() - 0.5) * 170;
    const y = 720 + rnd() * 90 - Math.abs(x - 920) * 0.2;
    c.add(
      `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="10" ry="4" fill="${i % 3 ? '#8da27a' : '#6f8a5e'}" transform="rotate(${Math.round(rnd() * 180)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
    );
  }
  // the pool: coping, turquoise water with caustics, an infinity edge
  c.add(fill(rect(0, 920, W, 24), '#efe8dc'));
  c.add(
    fill(
      rect(0, 944, W, 236),
      vGradient(c, 944, 1180, [
        [0, '#2fa9c4'],
        [1, '#5fd0dc'],
      ]),
    ),
  );
  for (let i = 0; i < 46; i++) {
    const y = 960 + rnd() * 200;
    const x = rnd() * W;
    const w = 20 + rnd() * 60;
    c.add(
      `<path d="M${x.toFixed(1)} ${y.toFixed(1)} q${(w / 2).toFixed(1)} -6 ${w.toFixed(1)} 0" stroke="#ffffff" stroke-width="2.5" fill="none" opacity="${(0.25 + rnd() * 0.35).toFixed(2)}"/>`,
    );
  }
  // reflection of the villa in the water
  c.add(fill(rect(40, 944, 520, 60), '#ffffff', 0.12));
  c.add(fill(rect(0, 1180, W, 18), '#e3dacb'));
  // travertine deck
  c.add(
    fill(
      rect(0, 1196, W, H - 1196),
      vGradient(c, 1196, H, [
        [0, '#f1e8da'],
        [1, '#e4d7c3'],
      ]),
    ),
  );
  for (const y of [1250, 1330, 1440]) c.add(line(0, y, W, y, '#d6c8b2', 2, 0.8));
  for (let k = -5; k <= 5; k++) c.add(line(512 + k * 120, 1198, 512 + k * 260, H, '#d6c8b2', 2, 0.6));
  // a white lounger at the left edge
  c.add(fill('M-10 1230 L150 1230 L210 1180 L230 1190 L175 1250 L-10 1250Z', '#fbfaf7'));
  c.add(fill('M-10 1250 L175 1250 L170 1262 L-10 1262Z', '#d9d3c8'));
  c.add(fill(rect(40, 1222, 90, 12), '#f0b98e'));
  return sceneSvg(c);
}

// Santorini: a whitewashed terrace over the caldera, blue domes, cubic houses stepping down the
// cliff on both sides, bougainvillea over the wall, the Aegean behind.
import { seeded } from '../../../supabase/local/catalogue-art/svg.ts';
import { Canvas, H, W, cloudShape, fill, glow, line, rect, sceneSvg, vGradient } from './kit.ts';

const WHITE = '#fbfaf6';
const SHADOW = '#dfe3ea';
const BLUE = '#1f5fae';
const BLUE_DARK = '#174a8a';

function house(c: Canvas, x: number, y: number, w: number, h: number, lit = true): void {
  c.add(fill(rect(x, y, w, h), lit ? WHITE : SHADOW));
  // a thin shaded side and the roof lip
  c.add(fill(rect(x + w - w * 0.18, y, w * 0.18, h), SHADOW, lit ? 0.9 : 0.5));
  c.add(fill(rect(x - 3, y - 6, w + 6, 8), lit ? '#ffffff' : '#e9ecf1'));
}

function windowAt(c: Canvas, x: number, y: number, w: number, h: number, colour = BLUE): void {
  c.add(
    fill(`M${x} ${y + h} V${y + w / 2} A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y + w / 2} V${y + h}Z`, colour),
  );
}

function dome(c: Canvas, cx: number, base: number, r: number): void {
  c.add(fill(rect(cx - r * 0.9, base - 4, r * 1.8, r * 0.55), WHITE));
  c.add(fill(`M${cx - r} ${base} A${r} ${r * 0.95} 0 0 1 ${cx + r} ${base}Z`, BLUE));
  c.add(fill(`M${cx + r * 0.15} ${base} A${r} ${r * 0.95} 0 0 1 ${cx + r} ${base}Z`, BLUE_DARK, 0.6));
  c.add(
    fill(
      `M${cx - r * 0.55} ${base - r * 0.55} A${r * 0.6} ${r * 0.5} 0 0 1 ${cx - r * 0.05} ${base - r * 0.88}`,
      'none',
    ),
  );
  c.add(
    `<path d="M${cx - r * 0.62} ${base - r * 0.4} Q${cx - r * 0.5} ${base - r * 0.8} ${cx - r * 0.1} ${base - r * 0.9}" stroke="#ffffff" stroke-width="${r * 0.08}" fill="none" opacity="0.45" stroke-linecap="round"/>`,
  );
  // the cross
  c.add(line(cx, base - r * 0.95, cx, base - r * 1.35, WHITE, 4));
  c.add(line(cx - r * 0.12, base - r * 1.2, cx + r * 0.12, base - r * 1.2, WHITE, 4));
}

export function santorini(): string {
  const c = new Canvas('santorini');
  const horizon = 700;
  c.add(
    fill(
      rect(0, 0, W, horizon + 2),
      vGradient(c, 0, horizon, [
        [0, '#5fa8de'],
        [0.7, '#a9d3ef'],
        [1, '#e3f0f7'],
      ]),
    ),
  );
  c.add(fill(cloudShape(300, 220, 280, 60), '#ffffff', 0.7));
  c.add(fill(cloudShape(780, 330, 200, 46), '#ffffff', 0.55));
  // the Aegean and the far islands of the caldera
  c.add(
    fill(
      rect(0, horizon, W, 700),
      vGradient(c, horizon, 1150, [
        [0, '#7fb6d9'],
        [0.08, '#3f8cc2'],
        [0.5, '#2470ab'],
        [1, '#1c5f96'],
      ]),
    ),
  );
  c.add(
    fill(
      `M360 ${horizon} C420 ${horizon - 38} 520 ${horizon - 44} 600 ${horizon - 22} C660 ${horizon - 10} 700 ${horizon - 8} 760 ${horizon}Z`,
      '#8b8f9a',
    ),
  );
  c.add(fill(`M640 ${horizon} C690 ${horizon - 18} 760 ${horizon - 20} 820 ${horizon}Z`, '#a3a6ae'));
  const rnd = seeded(9);
  for (let i = 0; i < 34; i++) {
    const y = horizon + 10 + rnd() * 420;
    const x = 200 + rnd() * 620;
    c.add(line(x, y, x + 14 + rnd() * 40, y, '#ffffff', 2, 0.18 + rnd() * 0.2));
  }
  glow(c, 560, horizon + 120, 260, 120, '#ffffff', 0.18);
  // Nea Kameni, the dark volcanic islet in the middle of the caldera
  c.add(
    fill(
      `M430 ${horizon + 70} C470 ${horizon + 40} 540 ${horizon + 34} 600 ${horizon + 52} C630 ${horizon + 60} 650 ${horizon + 66} 670 ${horizon + 72}Z`,
      '#6b5d57',
    ),
  );
  c.add(
    fill(
      `M430 ${horizon + 70} L670 ${horizon + 72} L660 ${horizon + 78} L440 ${horizon + 77}Z`,
      '#ffffff',
      0.35,
    ),
  );
  // a sailboat and its wake
  const bx = 560;
  const by = horizon + 230;
  c.add(
    `<path d="M${bx - 160} ${by + 16} Q${bx - 60} ${by + 6} ${bx - 8} ${by + 8}" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.6"/>`,
  );
  c.add(
    fill(`M${bx - 26} ${by} L${bx + 30} ${by} L${bx + 20} ${by + 12} L${bx - 18} ${by + 12}Z`, '#ffffff'),
  );
  c.add(fill(`M${bx + 2} ${by - 4} L${bx + 2} ${by - 74} L${bx + 36} ${by - 6}Z`, '#ffffff'));
  c.add(fill(`M${bx - 2} ${by - 6} L${bx - 2} ${by - 60} L${bx - 24} ${by - 8}Z`, '#eef3f7'));

  // the village on the cliff, left: rows of houses stepping down
  const left: [number, number, number, number][] = [
    [0, 520, 130, 120],
    [110, 560, 110, 90],
    [0, 630, 90, 110],
    [70, 640, 140, 110],
    [190, 650, 90, 90],
    [0, 740, 170, 120],
    [150, 740, 120, 100],
    [250, 760, 80, 80],
    [0, 850, 230, 130],
    [200, 840, 110, 110],
    [0, 960, 300, 160],
  ];
  c.add(fill(`M0 520 L320 560 L380 1140 L0 1140Z`, '#c9a98a'));
  for (const [x, y, w, h] of left) house(c, x, y, w, h);
  dome(c, 230, 640, 48);
  for (const [x, y] of [
    [30, 560],
    [140, 590],
    [20, 680],
    [100, 690],
    [40, 790],
    [180, 780],
    [60, 900],
    [230, 880],
  ] as const)
    windowAt(c, x, y, 18, 32);
  // bell tower
  c.add(fill(rect(300, 570, 50, 110), WHITE));
  c.add(fill(`M300 570 L325 548 L350 570Z`, WHITE));
  c.add(fill(`M310 600 V588 A15 15 0 0 1 340 588 V600Z`, '#a7b4c6'));
  c.add(`<circle cx="325" cy="604" r="7" fill="#c59b4b"/>`);

  // the village, right: a chapel with two domes and houses
  c.add(fill(`M1024 480 L700 560 L640 1140 L1024 1140Z`, '#c9a98a'));
  const right: [number, number, number, number][] = [
    [880, 480, 144, 150],
    [780, 560, 130, 120],
    [700, 610, 110, 110],
    [860, 630, 164, 140],
    [760, 680, 120, 120],
    [680, 720, 100, 110],
    [820, 770, 204, 150],
    [720, 820, 120, 120],
    [660, 900, 364, 240],
  ];
  for (const [x, y, w, h] of right) house(c, x, y, w, h);
  dome(c, 840, 560, 58);
  dome(c, 950, 480, 40);
  for (const [x, y] of [
    [900, 520],
    [960, 540],
    [800, 600],
    [720, 650],
    [880, 670],
    [790, 720],
    [700, 760],
    [840, 810],
    [930, 800],
    [740, 860],
  ] as const)
    windowAt(c, x, y, 18, 32);

  // the terrace: a whitewashed parapet and a pale flagstone floor
  c.add(fill(rect(0, 1120, W, 110), WHITE));
  c.add(fill(rect(0, 1112, W, 14), '#ffffff'));
  c.add(fill(rect(0, 1212, W, 18), SHADOW, 0.8));
  c.add(
    fill(
      rect(0, 1230, W, H - 1230),
      vGradient(c, 1230, H, [
        [0, '#efe7dc'],
        [1, '#e6dccd'],
      ]),
    ),
  );
  for (let i = 0; i < 6; i++) {
    const y = 1260 + i * i * 9 + i * 20;
    c.add(line(0, y, W, y, '#d7cbb9', 2, 0.6));
  }
  for (let k = -6; k <= 6; k++) c.add(line(512 + k * 70, 1230, 512 + k * 230, H, '#d7cbb9', 2, 0.5));
  // bougainvillea spilling over the left of the parapet and down the right edge
  const pink = ['#d63f8c', '#e8589e', '#b8306f', '#f07bb4'];
  for (let i = 0; i < 120; i++) {
    const t = rnd();
    const x = t < 0.55 ? rnd() * 260 : W - rnd() * 200;
    const y = t < 0.55 ? 1070 + rnd() * 110 : 940 + rnd() * 260;
    c.add(
      `<circle cx="${Math.round(x)}" cy="${Math.round(y)}" r="${Math.round(9 + rnd() * 12)}" fill="${pink[i % 4]}" opacity="0.95"/>`,
    );
  }
  for (let i = 0; i < 40; i++) {
    const t = rnd();
    const x = t < 0.55 ? rnd() * 260 : W - rnd() * 200;
    const y = t < 0.55 ? 1070 + rnd() * 110 : 940 + rnd() * 260;
    c.add(
      `<ellipse cx="${Math.round(x)}" cy="${Math.round(y)}" rx="9" ry="5" fill="#4f7d3c" transform="rotate(${Math.round(rnd() * 180)} ${Math.round(x)} ${Math.round(y)})"/>`,
    );
  }
  return sceneSvg(c);
}

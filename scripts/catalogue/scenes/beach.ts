// Beach: golden-hour sky, a calm sea with a headland, foam lines on wet sand, a dry sand foreground.
import { Canvas, H, W, cloudShape, fill, glow, line, rect, sceneSvg, vGradient } from './kit.ts';
import { seeded } from '../../../supabase/local/catalogue-art/svg.ts';

export function beach(): string {
  const c = new Canvas('beach');
  const horizon = 860;
  c.add(
    fill(
      rect(0, 0, W, horizon + 2),
      vGradient(c, 0, horizon, [
        [0, '#79b9dc'],
        [0.55, '#b4d9ea'],
        [0.85, '#f3e1cf'],
        [1, '#fbd9b4'],
      ]),
    ),
  );
  glow(c, 760, horizon - 40, 360, 260, '#fff3d6', 0.85);
  c.add(`<circle cx="760" cy="${horizon - 70}" r="46" fill="#fff6e0" opacity="0.95"/>`);
  for (const [x, y, w, h, o] of [
    [220, 250, 300, 80, 0.8],
    [640, 180, 220, 60, 0.7],
    [880, 420, 260, 70, 0.55],
    [120, 560, 200, 50, 0.5],
  ] as const) {
    c.add(fill(cloudShape(x, y, w, h), '#ffffff', o));
  }
  // headland on the horizon, left
  c.add(
    fill(
      `M0 ${horizon} L0 ${horizon - 120} C80 ${horizon - 150} 150 ${horizon - 120} 230 ${horizon - 70} C300 ${horizon - 30} 360 ${horizon - 12} 420 ${horizon}Z`,
      '#7d9fb0',
    ),
  );
  c.add(
    fill(
      `M0 ${horizon} L0 ${horizon - 60} C90 ${horizon - 80} 160 ${horizon - 50} 260 ${horizon}Z`,
      '#6c8fa1',
    ),
  );
  // sea
  c.add(
    fill(
      rect(0, horizon, W, 210),
      vGradient(c, horizon, horizon + 210, [
        [0, '#2b7ea6'],
        [0.5, '#3d97b9'],
        [1, '#6cc2cf'],
      ]),
    ),
  );
  const rnd = seeded(5);
  for (let i = 0; i < 40; i++) {
    const y = horizon + 8 + rnd() * 180;
    const x = rnd() * W;
    const w = 20 + (rnd() * 70 * (y - horizon)) / 100;
    c.add(line(x, y, x + w, y, '#ffffff', 2, 0.25 + rnd() * 0.3));
  }
  // sun path on the water
  glow(c, 760, horizon + 60, 120, 80, '#fff1d0', 0.5);
  // wet sand and foam
  c.add(fill(`M0 1060 C200 1040 420 1075 620 1058 C800 1044 920 1066 ${W} 1050 V1160 H0Z`, '#d8bf98'));
  c.add(
    fill(
      `M0 1064 C200 1044 420 1079 620 1062 C800 1048 920 1070 ${W} 1054 L${W} 1072 C900 1086 800 1066 620 1080 C420 1096 200 1062 0 1082Z`,
      '#ffffff',
      0.85,
    ),
  );
  c.add(fill(`M0 1100 C260 1090 430 1112 700 1100 C860 1094 960 1104 ${W} 1098`, 'none'));
  c.add(
    `<path d="M0 1104 C260 1092 430 1116 700 1104 C860 1098 960 1108 ${W} 1102" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.55"/>`,
  );
  // dry sand
  c.add(
    fill(
      `M0 1140 C300 1120 700 1150 ${W} 1128 V${H} H0Z`,
      vGradient(c, 1120, H, [
        [0, '#ead3ad'],
        [1, '#e2c69c'],
      ]),
    ),
  );
  for (let i = 0; i < 9; i++) {
    const y = 1200 + i * 38 + rnd() * 10;
    c.add(
      `<path d="M${-40 + rnd() * 80} ${y} C${260} ${y - 12} ${600} ${y + 14} ${W + 40} ${y - 6}" stroke="#d4b58a" stroke-width="3" fill="none" opacity="0.35"/>`,
    );
  }
  // a striped umbrella far right, for scale
  c.add(line(930, 1118, 944, 1010, '#8a6a4a', 5));
  c.add(fill('M880 1020 Q944 960 1010 1004 Z', '#f4ede2'));
  c.add(fill('M903 1012 Q944 966 960 1008 Z', '#e27d5f'));
  c.add(fill('M960 1008 Q980 970 1010 1004 Z', '#e27d5f', 0.0));
  return sceneSvg(c);
}

// Studio White: a seamless white cyclorama, soft key light from the left, a gentle floor curve.
import { Canvas, H, W, fill, glow, hGradient, line, rect, sceneSvg, vGradient } from './kit.ts';

export function studioWhite(): string {
  const c = new Canvas('studio');
  c.add(
    fill(
      rect(0, 0, W, H),
      vGradient(c, 0, H, [
        [0, '#f4f2ef'],
        [0.55, '#fbfaf8'],
        [0.72, '#f6f4f1'],
        [0.8, '#ecE9e5'],
        [1, '#e4e0db'],
      ]),
    ),
  );
  // the sweep where wall turns into floor
  c.add(
    fill(
      `M0 1120 C300 1090 724 1090 ${W} 1120 V${H} H0Z`,
      vGradient(c, 1090, H, [
        [0, '#efedea'],
        [0.5, '#e8e5e1'],
        [1, '#dedad4'],
      ]),
    ),
  );
  glow(c, 512, 1170, 520, 90, '#ffffff', 0.75);
  // key light from the left, fill falling off to the right
  glow(c, 160, 520, 620, 820, '#ffffff', 0.7);
  c.add(
    fill(
      rect(0, 0, W, H),
      hGradient(c, 0, W, [
        [0, '#ffffff', 0],
        [0.7, '#ffffff', 0],
        [1, '#d8d3cc', 0.35],
      ]),
    ),
  );
  // studio kit at the edges so the set reads as a studio: a softbox on a stand, a white V-flat
  c.add(line(150, 640, 150, 1180, '#3a3b3e', 7));
  c.add(line(150, 1180, 92, 1262, '#3a3b3e', 6));
  c.add(line(150, 1180, 210, 1262, '#3a3b3e', 6));
  c.add(line(150, 1180, 152, 1282, '#3a3b3e', 6));
  c.add(fill('M70 470 L230 440 L262 560 L238 690 L78 700 L50 590Z', '#2f3033'));
  c.add(fill('M82 484 L222 458 L248 562 L228 676 L88 686 L64 590Z', '#fbfbfa'));
  glow(c, 160, 575, 170, 170, '#ffffff', 0.8);
  c.add(fill('M1024 380 L944 420 L944 1230 L1024 1290Z', '#f7f6f3'));
  c.add(fill('M944 420 L904 400 L904 1190 L944 1230Z', '#e4e1dc'));

  c.add(
    fill(
      rect(0, 0, W, H),
      vGradient(c, 0, H, [
        [0, '#cfc9c1', 0.25],
        [0.2, '#cfc9c1', 0],
        [0.85, '#cfc9c1', 0],
        [1, '#cfc9c1', 0.25],
      ]),
    ),
  );
  return sceneSvg(c);
}

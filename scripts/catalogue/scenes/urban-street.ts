// Urban Street: city shop fronts seen straight on — a brick building with a bottle-green shop
// and striped awning, a stucco café with a terracotta awning — a lamppost and a wide pavement.
import { seeded } from '../../../supabase/local/catalogue-art/svg.ts';
import { Canvas, H, W, fill, line, rect, sceneSvg, vGradient } from './kit.ts';

function awning(c: Canvas, x: number, y: number, w: number, a: string, b: string): void {
  const stripes = Math.round(w / 40);
  for (let i = 0; i < stripes; i++) {
    const sx = x + (w * i) / stripes;
    const sw = w / stripes;
    c.add(
      fill(`M${sx} ${y} L${sx + sw} ${y} L${sx + sw + 6} ${y + 80} L${sx + 6} ${y + 80}Z`, i % 2 ? a : b),
    );
    c.add(
      fill(
        `M${sx + 6} ${y + 80} L${sx + sw + 6} ${y + 80} A${sw / 2} 14 0 0 1 ${sx + 6} ${y + 80}Z`,
        i % 2 ? a : b,
      ),
    );
  }
  c.add(fill(rect(x, y + 80, w + 6, 6), '#000000', 0.12));
}

function upperWindow(c: Canvas, x: number, y: number, frame: string): void {
  c.add(fill(rect(x - 6, y - 6, 92, 172), frame));
  c.add(
    fill(
      rect(x, y, 80, 160),
      vGradient(c, y, y + 160, [
        [0, '#6f8394'],
        [1, '#2f3c47'],
      ]),
    ),
  );
  c.add(line(x + 40, y, x + 40, y + 160, frame, 5));
  c.add(line(x, y + 70, x + 80, y + 70, frame, 5));
  c.add(fill(`M${x} ${y} L${x + 30} ${y} L${x} ${y + 60}Z`, '#ffffff', 0.18));
  c.add(fill(rect(x - 10, y + 164, 100, 10), frame));
}

export function urbanStreet(): string {
  const c = new Canvas('urban');
  const rnd = seeded(12);
  // left: red-brown brick building
  c.add(fill(rect(0, 0, 560, 1200), '#a85a43'));
  for (let y = 0; y < 740; y += 14) {
    c.add(line(0, y, 560, y, '#8c4634', 1.5, 0.5));
    if (rnd() > 0.5) c.add(fill(rect(rnd() * 520, y, 40, 14), '#b86a50', 0.5));
  }
  for (const x of [50, 200, 350]) for (const y of [80, 420]) upperWindow(c, x, y, '#f1ebe2');
  c.add(fill(rect(0, 700, 560, 24), '#e9e1d4'));
  // the bottle-green shop front
  c.add(fill(rect(0, 724, 560, 476), '#1f4a3e'));
  c.add(
    fill(
      rect(30, 830, 300, 330),
      vGradient(c, 830, 1160, [
        [0, '#8aa3a8'],
        [1, '#3e5559'],
      ]),
    ),
  );
  c.add(fill(rect(380, 830, 140, 370), '#143229'));
  c.add(fill(rect(392, 842, 116, 200), '#7b9498'));
  c.add(`<circle cx="496" cy="1080" r="5" fill="#d8b56a"/>`);
  c.add(fill('M30 830 L120 830 L30 990Z', '#ffffff', 0.16));
  // mannequins suggested in the window: simple draped shapes
  c.add(fill('M110 900 Q130 880 150 900 L165 1060 L95 1060Z', '#e8e2d8', 0.85));
  c.add(fill('M230 910 Q250 890 270 910 L282 1070 L218 1070Z', '#c97f63', 0.85));
  awning(c, 20, 740, 520, '#1f4a3e', '#f3ede2');
  // right: cream stucco building with a café
  c.add(fill(rect(560, 0, 464, 1200), '#ecdcc2'));
  c.add(fill(rect(560, 0, 14, 1200), '#d8c4a4'));
  for (const x of [640, 820]) for (const y of [60, 400]) upperWindow(c, x, y, '#ffffff');
  for (const x of [640, 820]) c.add(fill(rect(x - 14, 574, 108, 12), '#2b2b2b'));
  c.add(fill(rect(560, 724, 464, 476), '#262626'));
  c.add(
    fill(
      rect(600, 830, 380, 330),
      vGradient(c, 830, 1160, [
        [0, '#d9b985'],
        [1, '#7d5b38'],
      ]),
    ),
  );
  for (const x of [726, 852]) c.add(line(x, 830, x, 1160, '#262626', 8));
  // warm lights inside the café
  for (const x of [660, 790, 920]) c.add(`<circle cx="${x}" cy="880" r="10" fill="#fff1c9"/>`);
  awning(c, 580, 740, 430, '#b5543a', '#f3ede2');
  // a round sign on a bracket
  c.add(line(1000, 660, 930, 660, '#262626', 5));
  c.add(`<circle cx="940" cy="700" r="32" fill="#262626"/><circle cx="940" cy="700" r="24" fill="#d8b56a"/>`);
  // pavement and kerb
  c.add(
    fill(
      rect(0, 1196, W, H - 1196),
      vGradient(c, 1196, H, [
        [0, '#cfcac3'],
        [1, '#b9b3aa'],
      ]),
    ),
  );
  c.add(fill(rect(0, 1196, W, 10), '#9e978d'));
  for (const y of [1260, 1350, 1470]) c.add(line(0, y, W, y, '#a9a298', 2, 0.7));
  for (let k = -4; k <= 4; k++) c.add(line(512 + k * 130, 1206, 512 + k * 300, H, '#a9a298', 2, 0.6));
  // planters by the café, a bistro table
  c.add(fill(rect(600, 1120, 60, 80), '#5b5b5b'));
  for (let i = 0; i < 16; i++)
    c.add(
      `<circle cx="${(605 + rnd() * 50).toFixed(1)}" cy="${(1080 + rnd() * 50).toFixed(1)}" r="16" fill="${i % 2 ? '#3f6e45' : '#2f5636'}"/>`,
    );
  c.add(`<ellipse cx="900" cy="1150" rx="46" ry="10" fill="#2b2b2b"/>`);
  c.add(line(900, 1150, 900, 1220, '#2b2b2b', 6));
  c.add(line(870, 1222, 930, 1222, '#2b2b2b', 6));
  // lamppost
  c.add(line(80, 1300, 80, 520, '#1f2a2a', 14));
  c.add(fill('M56 520 L104 520 L96 470 L64 470Z', '#1f2a2a'));
  c.add(fill(rect(66, 478, 28, 36), '#f9e6b5'));
  c.add(fill('M60 470 L100 470 L80 448Z', '#1f2a2a'));
  c.add(fill(rect(64, 1290, 32, 14), '#1f2a2a'));
  return sceneSvg(c);
}

// Collects the shapes of one drawing and the definitions (clip paths, gradients) they need,
// with the one shading trick the flat style uses: a shape in its shade colour with the base
// colour laid over it, shifted, and clipped to the shape, so a rim of shade stays on one side.

import { path } from './svg.ts';

export class Canvas {
  private defs: string[] = [];
  private parts: string[] = [];
  private next = 0;

  constructor(private readonly prefix: string) {}

  id(kind: string): string {
    this.next += 1;
    return `${this.prefix}-${kind}${this.next}`;
  }

  def(markup: string): void {
    this.defs.push(markup);
  }

  add(markup: string): void {
    this.parts.push(markup);
  }

  /** A clip path of the given path data; returns its id. */
  clip(d: string, evenOdd = false): string {
    const id = this.id('c');
    this.def(`<clipPath id="${id}"><path d="${d}"${evenOdd ? ' clip-rule="evenodd"' : ''}/></clipPath>`);
    return id;
  }

  /** A horizontal linear gradient (x1 -> x2 in canvas pixels); returns its id. */
  gradient(x1: number, x2: number, stops: readonly [number, string, number][]): string {
    const id = this.id('l');
    const s = stops
      .map(([o, col, a]) => `<stop offset="${o}" stop-color="${col}" stop-opacity="${a}"/>`)
      .join('');
    this.def(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${x1}" y1="0" x2="${x2}" y2="0">${s}</linearGradient>`,
    );
    return id;
  }

  /** A flat shape with a shaded rim: the base colour shifted by (dx, dy) inside the shape. */
  shaded(d: string, base: string, shade: string, dx = -9, dy = -3, extra = ''): void {
    const id = this.clip(d);
    this.add(path(d, shade, extra));
    this.add(`<g clip-path="url(#${id})">${path(d, base, `transform="translate(${dx} ${dy})"`)}</g>`);
  }

  /** Shapes drawn only inside the region `d`. */
  within(d: string, markup: string): void {
    const id = this.clip(d);
    this.add(`<g clip-path="url(#${id})">${markup}</g>`);
  }

  group(markup: (c: Canvas) => void, attrs: string): void {
    const inner = new Canvas(this.id('g'));
    markup(inner);
    this.defs.push(...inner.defs);
    this.add(`<g ${attrs}>${inner.parts.join('')}</g>`);
  }

  get defsMarkup(): string {
    return this.defs.join('');
  }

  get bodyMarkup(): string {
    return this.parts.join('');
  }
}

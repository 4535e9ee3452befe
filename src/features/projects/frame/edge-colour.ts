// The image's own background colour, to pad it with: the median of its border pixels, per
// channel. A garment that touches an edge (a hem, a sleeve) or a shadow in a corner is a
// minority of the border and does not move the median, where an average would be tinted.

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0–255; a transparent border (a cut-out) pads with transparency */
  a: number;
}

/** How many pixels deep the border sample goes. */
export const EDGE_DEPTH = 2;

function median(histogram: Uint32Array, count: number): number {
  const middle = Math.floor((count - 1) / 2);
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v];
    if (seen > middle) return v;
  }
  return 255;
}

/** The per-channel median of RGBA pixels given in one or more runs (4 bytes a pixel). */
export function medianColour(runs: readonly ArrayLike<number>[]): Rgba {
  // counting: channels are 0–255, so a histogram per channel finds the median in one pass
  const histograms = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  let count = 0;
  for (const run of runs) {
    for (let i = 0; i + 3 < run.length; i += 4) {
      histograms[0][run[i]]++;
      histograms[1][run[i + 1]]++;
      histograms[2][run[i + 2]]++;
      histograms[3][run[i + 3]]++;
      count++;
    }
  }
  if (count === 0) throw new RangeError('no pixels');
  return {
    r: median(histograms[0], count),
    g: median(histograms[1], count),
    b: median(histograms[2], count),
    a: median(histograms[3], count),
  };
}

/** The border strips of a width × height image, `depth` deep: top, bottom, left, right (no pixel twice). */
export function edgeStrips(width: number, height: number, depth = EDGE_DEPTH) {
  const d = Math.max(1, Math.min(depth, Math.floor(width / 2) || 1, Math.floor(height / 2) || 1));
  const inner = Math.max(0, height - 2 * d);
  const strips = [
    { x: 0, y: 0, width, height: d },
    { x: 0, y: height - d, width, height: d },
    { x: 0, y: d, width: d, height: inner },
    { x: width - d, y: d, width: d, height: inner },
  ];
  // an image no deeper than the border is all border, once
  return height <= d ? strips.slice(0, 1) : strips.filter((s) => s.width > 0 && s.height > 0);
}

/**
 * The median colour of the pixels within `depth` of any edge of an RGBA image (ImageData's
 * layout: 4 bytes a pixel, row by row).
 */
export function edgeColour(data: ArrayLike<number>, width: number, height: number, depth = EDGE_DEPTH): Rgba {
  if (width <= 0 || height <= 0 || data.length < width * height * 4)
    throw new RangeError('invalid image data');
  const runs = edgeStrips(width, height, depth).map((strip) => {
    const out = new Uint8Array(strip.width * strip.height * 4);
    for (let row = 0; row < strip.height; row++) {
      for (let col = 0; col < strip.width; col++) {
        const from = ((strip.y + row) * width + strip.x + col) * 4;
        const to = (row * strip.width + col) * 4;
        for (let c = 0; c < 4; c++) out[to + c] = data[from + c];
      }
    }
    return out;
  });
  return medianColour(runs);
}

export const cssColour = ({ r, g, b, a }: Rgba) => `rgba(${r}, ${g}, ${b}, ${(a / 255).toFixed(3)})`;

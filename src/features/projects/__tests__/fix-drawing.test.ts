import { describe, expect, it } from 'vitest';
import { containRect, FIX_CANVAS, FIX_CANVAS_PHONE, toImagePoint } from '../fix-drawing.ts';

describe('fix drawing geometry', () => {
  it('uses the spec canvas sizes', () => {
    expect(FIX_CANVAS).toEqual({ width: 449.61, height: 678.97 });
    expect(FIX_CANVAS_PHONE).toEqual({ width: 300, height: 450 });
  });

  it('fits a 1024×1536 result whole and centred in the canvas', () => {
    // the canvas (0.662) is a little taller than the result (0.667): full width, thin bands above and below
    const r = containRect(1024, 1536, FIX_CANVAS.width, FIX_CANVAS.height);
    expect(r.width).toBeCloseTo(FIX_CANVAS.width, 5);
    expect(r.height).toBeCloseTo(FIX_CANVAS.width * 1.5, 5);
    expect(r.x).toBeCloseTo(0, 5);
    expect(r.y).toBeCloseTo((FIX_CANVAS.height - r.height) / 2, 5);
  });

  it('maps a point drawn on the canvas onto the same spot of the full-size image', () => {
    const drawn = containRect(1024, 1536, FIX_CANVAS_PHONE.width, FIX_CANVAS_PHONE.height);
    const centre = toImagePoint([FIX_CANVAS_PHONE.width / 2, FIX_CANVAS_PHONE.height / 2], drawn, 1024);
    expect(centre[0]).toBeCloseTo(512, 5);
    expect(centre[1]).toBeCloseTo(768, 5);
    const corner = toImagePoint([drawn.x, drawn.y + drawn.height], drawn, 1024);
    expect(corner[0]).toBeCloseTo(0, 5);
    expect(corner[1]).toBeCloseTo(1536, 5);
  });
});

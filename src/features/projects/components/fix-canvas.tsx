// The drawing surface of the fix dialog: the image fitted in the canvas and red strokes drawn
// with a mouse, a finger or a pen (pointer events; the page does not scroll while drawing).
import { type PointerEvent, useCallback, useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { BRUSH, containRect, drawStrokes, type Point, type Stroke } from '../fix-drawing.ts';
import * as s from './dialogs.css.ts';

export interface FixCanvasProps {
  image: HTMLImageElement | null;
  width: number;
  height: number;
  strokes: readonly Stroke[];
  onStrokesChange: (strokes: Stroke[]) => void;
}

export function FixCanvas({ image, width, height, strokes, onStrokesChange }: FixCanvasProps) {
  const { t } = useLingui();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const current = useRef<Point[] | null>(null);

  const paint = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    if (image) {
      const r = containRect(image.naturalWidth, image.naturalHeight, width, height);
      ctx.drawImage(image, r.x, r.y, r.width, r.height);
    }
    drawStrokes(ctx, current.current ? [...strokes, current.current] : strokes, BRUSH.size);
  }, [image, strokes, width, height]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    paint();
  }, [width, height, paint]);

  const pointOf = (e: PointerEvent<HTMLCanvasElement> | globalThis.PointerEvent): Point => {
    const rect = canvasRef.current?.getBoundingClientRect();
    if (!rect) return [0, 0];
    // the canvas may be drawn smaller than its size (max-width on narrow dialogs)
    return [((e.clientX - rect.left) * width) / rect.width, ((e.clientY - rect.top) * height) / rect.height];
  };

  return (
    <canvas
      ref={canvasRef}
      className={s.canvas}
      style={{ width, height }}
      role="img"
      aria-label={t`Drawing area: mark what should be fixed`}
      data-strokes={strokes.length}
      onPointerDown={(e) => {
        if (e.button !== 0 && e.pointerType === 'mouse') return;
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        current.current = [pointOf(e)];
        paint();
      }}
      onPointerMove={(e) => {
        if (!current.current) return;
        const events = e.nativeEvent.getCoalescedEvents?.() ?? [e.nativeEvent];
        for (const ev of events.length ? events : [e.nativeEvent]) current.current.push(pointOf(ev));
        paint();
      }}
      onPointerUp={() => {
        if (!current.current) return;
        const stroke = current.current;
        current.current = null;
        onStrokesChange([...strokes, stroke]);
      }}
      onPointerCancel={() => {
        current.current = null;
        paint();
      }}
    />
  );
}

// Zoom on phones (pointer: coarse): double-tap zooms to 2.5× where tapped (again to go back),
// two fingers pinch between 1× and 4×, one finger pans a zoomed image. Unzoomed, vertical
// swipes still scroll the page.
import { type PointerEvent, type ReactNode, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import * as s from './project-detail.css.ts';

const DOUBLE_TAP_MS = 300;
const MAX_SCALE = 4;
const TAP_SCALE = 2.5;

interface View {
  scale: number;
  x: number;
  y: number;
}

const clampView = (v: View, w: number, h: number): View => {
  const scale = Math.min(MAX_SCALE, Math.max(1, v.scale));
  return {
    scale,
    x: Math.min(0, Math.max(w - w * scale, v.x)),
    y: Math.min(0, Math.max(h - h * scale, v.y)),
  };
};

export function TouchZoom({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const [animated, setAnimated] = useState(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ view: View; dist: number; mid: { x: number; y: number } } | null>(null);
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null);

  const local = (e: PointerEvent) => {
    const box = ref.current?.getBoundingClientRect();
    return {
      x: e.clientX - (box?.left ?? 0),
      y: e.clientY - (box?.top ?? 0),
      w: box?.width ?? 1,
      h: box?.height ?? 1,
    };
  };
  const startGesture = () => {
    const pts = [...pointers.current.values()];
    const mid = pts.length > 1 ? { x: (pts[0].x + pts[1].x) / 2, y: (pts[0].y + pts[1].y) / 2 } : pts[0];
    const dist = pts.length > 1 ? Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y) : 0;
    gesture.current = mid ? { view, dist, mid } : null;
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse') return;
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    if (pointers.current.size > 1 || view.scale > 1) e.currentTarget.setPointerCapture(e.pointerId);
    setAnimated(false);
    startGesture();
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId) || !gesture.current) return;
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    const g = gesture.current;
    const pts = [...pointers.current.values()];
    if (pts.length > 1) {
      const mid = { x: (pts[0].x + pts[1].x) / 2, y: (pts[0].y + pts[1].y) / 2 };
      const dist = Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y);
      const scale = Math.min(MAX_SCALE, Math.max(1, (g.view.scale * dist) / Math.max(g.dist, 1)));
      // keep the content under the fingers' midpoint under it
      const cx = (g.mid.x - g.view.x) / g.view.scale;
      const cy = (g.mid.y - g.view.y) / g.view.scale;
      setView(clampView({ scale, x: mid.x - cx * scale, y: mid.y - cy * scale }, p.w, p.h));
    } else if (g.view.scale > 1) {
      setView(clampView({ ...g.view, x: g.view.x + p.x - g.mid.x, y: g.view.y + p.y - g.mid.y }, p.w, p.h));
    }
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    const p = local(e);
    const moved =
      gesture.current && pointers.current.size === 1
        ? Math.hypot(p.x - gesture.current.mid.x, p.y - gesture.current.mid.y)
        : 99;
    pointers.current.delete(e.pointerId);
    startGesture();
    if (e.type !== 'pointerup' || moved > 12 || pointers.current.size > 0) return;
    const now = performance.now();
    const prev = lastTap.current;
    if (prev && now - prev.at < DOUBLE_TAP_MS && Math.hypot(prev.x - p.x, prev.y - p.y) < 30) {
      lastTap.current = null;
      setAnimated(true);
      setView((v) =>
        v.scale > 1
          ? { scale: 1, x: 0, y: 0 }
          : clampView({ scale: TAP_SCALE, x: p.x - p.x * TAP_SCALE, y: p.y - p.y * TAP_SCALE }, p.w, p.h),
      );
    } else {
      lastTap.current = { at: now, x: p.x, y: p.y };
    }
  };

  const zoomed = view.scale > 1.01;
  return (
    <div
      ref={ref}
      className={s.zoomSurface}
      data-testid="touch-zoom"
      data-scale={view.scale.toFixed(2)}
      style={{ touchAction: zoomed ? 'none' : 'pan-y' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <div
        className={[s.zoomContent, animated ? s.zoomAnimated : undefined].filter(Boolean).join(' ')}
        style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
      >
        {children}
      </div>
      {!zoomed && <span className={s.zoomHint}>{t`Double-tap or pinch to zoom`}</span>}
    </div>
  );
}

// The magnifier over the generated image on desktop (spec 2 §2, §9): a 250 px round lens that
// shows the image at 2.5× where the pointer is.
import { type ReactNode, useRef, useState } from 'react';
import { containRect } from '../fix-drawing.ts';
import * as s from './project-detail.css.ts';

export const ZOOM = 2.5;
export const LENS = 250;

interface LensState {
  x: number;
  y: number;
  bgX: number;
  bgY: number;
  bgW: number;
  bgH: number;
}

export function Magnifier({
  url,
  natural,
  children,
}: {
  url: string | null;
  natural: { width: number; height: number } | null;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [lens, setLens] = useState<LensState | null>(null);
  const move = (clientX: number, clientY: number) => {
    const box = ref.current?.getBoundingClientRect();
    if (!box || !natural || !url) return;
    // where the image is drawn inside the frame (object-fit: contain)
    const drawn = containRect(natural.width, natural.height, box.width, box.height);
    const x = clientX - box.left;
    const y = clientY - box.top;
    const ix = x - drawn.x;
    const iy = y - drawn.y;
    if (ix < 0 || iy < 0 || ix > drawn.width || iy > drawn.height) {
      setLens(null);
      return;
    }
    setLens({
      x: x - LENS / 2,
      y: y - LENS / 2,
      bgW: drawn.width * ZOOM,
      bgH: drawn.height * ZOOM,
      bgX: -(ix * ZOOM - LENS / 2),
      bgY: -(iy * ZOOM - LENS / 2),
    });
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the lens follows the mouse; it adds nothing a keyboard needs (the image is shown whole)
    <div
      ref={ref}
      className={s.zoomSurface}
      data-testid="magnifier"
      onMouseMove={(e) => move(e.clientX, e.clientY)}
      onMouseLeave={() => setLens(null)}
    >
      {children}
      {lens && url && (
        <div
          className={s.lens}
          data-testid="magnifier-lens"
          aria-hidden
          style={{
            left: lens.x,
            top: lens.y,
            backgroundImage: `url("${url}")`,
            backgroundSize: `${lens.bgW}px ${lens.bgH}px`,
            backgroundPosition: `${lens.bgX}px ${lens.bgY}px`,
          }}
        />
      )}
    </div>
  );
}

// A stored image shown through a short-lived signed URL at the size it is drawn (Storage's
// image transformation), signed and fetched only once it comes near the screen; a picture the
// service worker already has comes from its copy without signing. A URL that stopped working
// (no copy after all, or expired in the offline cache) is signed (again) once.
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useInView } from '../hooks/use-in-view.ts';
import { useSignedImage } from '../hooks/use-signed-image.ts';
import type { ImageSize, ImageSource } from '../image-sources.ts';
import * as s from './stored-image.css.ts';

export interface StoredImageProps {
  source: ImageSource | null;
  /** the transformation; a function picks it from the width the picture is drawn at */
  size: ImageSize | null | ((cssWidth: number, dpr: number) => ImageSize);
  alt: string;
  className?: string;
  imgClassName?: string;
  fit?: 'cover' | 'contain';
  /** load now (above the fold), not when scrolled near */
  eager?: boolean;
  style?: CSSProperties;
  /** the image once loaded (the magnifier and the video poster reuse its URL and size) */
  onLoaded?: (img: HTMLImageElement) => void;
}

export function StoredImage({
  source,
  size,
  alt,
  className,
  imgClassName,
  fit = 'cover',
  eager,
  style,
  onLoaded,
}: StoredImageProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const near = useInView(frameRef);
  const wanted = eager || near;
  const [measured, setMeasured] = useState<ImageSize | null>(null);
  // The width comes from the browser's own layout, through a ResizeObserver. Read here
  // (clientWidth), it forced that layout inside React's commit: after a synchronous render (a
  // query's data arriving) effects run before the browser has laid the page out, and /projects'
  // first cards spent 60 ms of one task on a phone laying out the whole screen early.
  useEffect(() => {
    if (!wanted || typeof size !== 'function' || measured) return;
    const frame = frameRef.current;
    const measure = (width: number) => setMeasured(size(width || 360, window.devicePixelRatio || 1));
    if (!frame || typeof ResizeObserver === 'undefined') {
      measure(frame?.clientWidth ?? 0);
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      observer.disconnect();
      measure(entry?.contentRect.width ?? 0);
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [wanted, size, measured]);
  const resolved = typeof size === 'function' ? measured : size;
  const { url, retry } = useSignedImage(source, resolved, {
    enabled: wanted && (typeof size !== 'function' || !!measured),
    copies: true,
  });
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  return (
    <div
      ref={frameRef}
      className={[s.frame, fit === 'contain' ? s.clear : undefined, className].filter(Boolean).join(' ')}
      style={style}
    >
      {url && (
        <img
          src={url}
          alt={alt}
          decoding="async"
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          crossOrigin="anonymous"
          draggable={false}
          data-loaded={loadedUrl === url}
          className={[
            s.img,
            eager ? undefined : s.fadeIn,
            fit === 'contain' ? s.contain : undefined,
            imgClassName,
          ]
            .filter(Boolean)
            .join(' ')}
          onLoad={(e) => {
            setLoadedUrl(url);
            onLoaded?.(e.currentTarget);
          }}
          onError={retry}
        />
      )}
    </div>
  );
}
